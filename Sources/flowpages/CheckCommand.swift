import ArgumentParser
import FlowWorkshop

/// `flowpages check`: validates every app folder and template.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate every app folder (app.xml and templates) under a views folder.",
        discussion: """
            Every app.xml is validated and its names checked; every template is compiled, and every name a screen's template reads \
            is checked against what its page provides. Problems are printed as file:line[:col]: message, one per line, and the exit \
            status is 1. Warnings (routes no way leads to, actions no template offers) are printed too, and leave it 0.
            """
    )

    @Argument(help: "The views folder, or one app folder (a folder holding an app.xml), wherever it is.")
    var views = "Views"

    @Option(help: ArgumentHelp(
        "The folder of the shared layouts the screens extend. Default: the views folder's _layout, or without one the Views/_layout FlowPages is installed with.",
        valueName: "folder"))
    var layouts: String?

    @Flag(help: "Print the RELAX NG schema app.xml files are validated against, and stop.")
    var schema = false

    func run() throws {
        if schema {
            print(ViewsCheck.schema)
            return
        }
        let report = ViewsCheck.report(views: views, layouts: layouts)
        for problem in report.problems { printError(problem) }
        for warning in report.warnings { printError(warning) }
        guard report.problems.isEmpty else { throw ExitCode.failure }
        print("\(views): every app folder and template is valid" + (report.warnings.isEmpty ? "" : ", with \(report.warnings.count) warning\(report.warnings.count == 1 ? "" : "s")"))
    }
}
