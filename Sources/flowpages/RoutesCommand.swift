import ArgumentParser
import FlowWorkshop

/// `flowpages routes`: prints an app's route table.
struct RoutesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "routes",
        abstract: "Print an app's routes: name, URL pattern, owner, presentation, guard and deep links."
    )

    @Argument(help: "The app's id, which is its folder's name.")
    var app: String

    @Option(help: "The views folder.")
    var views = "Views"

    func run() throws {
        switch ViewsCheck.routeTable(app: app, views: views) {
        case .success(let table):
            print(table)
        case .failure(let problems):
            for line in problems.lines { printError(line) }
            throw ExitCode.failure
        }
    }
}
