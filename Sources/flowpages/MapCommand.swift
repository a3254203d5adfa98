import ArgumentParser
import FlowWorkshop

/// `flowpages map`: prints an app's flow map.
struct MapCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "map",
        abstract: "Print an app's flow map: its coordinators, screens and every way between them.",
        discussion: """
            svg draws it in swim lanes (one per stack or modal, under its flows and tab bars); mermaid and dot \
            are text for Mermaid and Graphviz (`flowpages map suma-finance --format dot | dot -Tpng > map.png`).
            """
    )

    @Argument(help: "The app's id, which is its folder's name.")
    var app: String

    @Option(help: ArgumentHelp("What to print it as.", valueName: "svg|mermaid|dot"))
    var format: FlowMapExport.Format = .mermaid

    @Option(help: "The views folder.")
    var views = "Views"

    func run() throws {
        switch FlowMapExport.render(app: app, views: views, format: format) {
        case .success(let text):
            print(text, terminator: "")
        case .failure(let problems):
            for line in problems.lines { printError(line) }
            throw ExitCode.failure
        }
    }
}

extension FlowMapExport.Format: ExpressibleByArgument {}
