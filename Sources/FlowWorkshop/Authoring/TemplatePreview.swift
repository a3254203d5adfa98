import FlowPages
import Foundation
import HTMLTemplate

/// Renders one template of a views folder, with its layout and partials, as `flowpages render`
/// does for template authors.
public enum TemplatePreview {
    /// The rendered text of `template`, a name such as `suma-finance/login` or its file under
    /// `views`, with the context read from the JSON object in `contextFile` (empty when nil).
    /// - Throws: ``ProblemLines``: each compile or render error as `file:line:col: message`, or
    ///   why the context file could not be read.
    public static func render(_ template: String, views: String, contextFile: String? = nil) throws(ProblemLines) -> String {
        let library: TemplateLibrary
        do {
            library = try TemplateLibrary.load(views: views)
        } catch {
            throw ProblemLines(error.lines)
        }
        let context: [String: TemplateValue]
        do {
            context = try contextFile.map(TemplateContext.read) ?? [:]
        } catch {
            throw ProblemLines(["\(contextFile ?? ""): not a JSON object: \(error)"])
        }
        do {
            return try library.set.render(library.templateName(for: template), context)
        } catch {
            throw ProblemLines([TemplateLibrary.located(error, files: library.files).description])
        }
    }
}
