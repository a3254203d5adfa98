import FlowDefinition
import Foundation
import HTMLTemplate

extension TemplateCheck {
    /// What is wrong with an `{{ image … }}` call: not one file name, or a name its folder's
    /// `images/` does not hold (with a "did you mean"). A name read from the page's data is
    /// known only when it renders.
    static func imageProblem(_ call: HelperCall, app: AppDefinition, library: TemplateLibrary) -> FolderProblem? {
        let file = library.files[call.template] ?? call.template
        guard call.literals.count == 1, call.namedArguments.isEmpty else {
            return FolderProblem(file: file, line: call.line, column: call.column,
                                 message: "{{ image }} takes one file name of the app's images/ folder, as {{ image \"logo.png\" }}")
        }
        guard case .string(let name)?? = call.literals.first, app.images[name] == nil else { return nil }
        let folder = ((app.folder as NSString).lastPathComponent as NSString).appendingPathComponent("images")
        let message = "{{ image \"\(name)\" }} names no file of \(folder)/"
            + (app.images.isEmpty ? " (it has no images: put the file in an images/ folder beside app.xml)"
                : Spelling.suggestion(for: name, among: app.images.keys.sorted()))
        return FolderProblem(file: file, line: call.line, column: call.column, message: message)
    }
}
