import ArgumentParser
import FlowPages

/// `flowpages check`: validates every app folder and template.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate every app folder (app.xml and templates) under a views folder.",
        discussion: "Problems are printed as file:line: message, one per line, and the exit status is 1."
    )

    @Argument(help: "The views folder.")
    var views = "Views"

    @Flag(help: "Print the RELAX NG schema app.xml files are validated against, and stop.")
    var schema = false

    func run() throws {
        if schema {
            print(ViewsCheck.schema)
            return
        }
        let problems = ViewsCheck.problems(views: views)
        for problem in problems { printError(problem) }
        guard problems.isEmpty else { throw ExitCode.failure }
        print("\(views): every app folder and template is valid")
    }
}
