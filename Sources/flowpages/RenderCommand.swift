import ArgumentParser
import FlowWorkshop

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
        do {
            print(try TemplatePreview.render(template, views: views, contextFile: data), terminator: "")
        } catch {
            for line in error.lines { printError(line) }
            throw ExitCode.failure
        }
    }
}
