import ArgumentParser
import FlowPages
import HTMLTemplate

/// `flowpages render`: renders one template with a JSON context, for template authors.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a template (with its layout and partials) to standard output.",
        discussion: "Compile errors are printed as file:line:col: message, one per line, and the exit status is 1."
    )

    @Argument(help: "The template: a name such as suma-finance/login, or its file under the views folder.")
    var template: String

    @Option(help: "A JSON file with the context object.")
    var data: String?

    @Option(help: "The views folder.")
    var views = "Views"

    func run() throws {
        let library: TemplateLibrary
        do {
            library = try TemplateLibrary.load(views: views)
        } catch {
            for line in error.lines { printError(line) }
            throw ExitCode.failure
        }
        let context: [String: TemplateValue]
        do {
            context = try data.map(TemplateContext.read) ?? [:]
        } catch {
            printError("\(data ?? ""): not a JSON object: \(error)")
            throw ExitCode.failure
        }
        do {
            print(try library.set.render(library.templateName(for: template), context), terminator: "")
        } catch {
            printError(TemplateLibrary.located(error, files: library.files))
            throw ExitCode.failure
        }
    }
}
