import ArgumentParser
import FlowWorkshop

/// `flowpages import-navgraph`: converts Android navigation graphs into an app folder.
struct ImportNavGraphCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import-navgraph",
        abstract: "Convert Android Jetpack Navigation graphs into an app folder.",
        discussion: """
            The first file is the root graph; more files may be <include>d by it. What cannot be mapped \
            exactly is listed with its file and line. The folder uses the shared layout (Views/_layout).
            """
    )

    @Argument(help: "Navigation graph files, the root graph first.")
    var graphs: [String]

    @Option(name: .customLong("app-id"), help: "The new app's id: lowercase letters, digits and '-'.")
    var appID: String

    @Option(help: "The app folder to write, such as Views/<app-id>.")
    var out: String

    @Option(help: "A strings.xml whose <string>s the graphs' @string/ labels name (repeatable).")
    var strings: [String] = []

    @Option(help: "A bottom-navigation menu resource: its items name the top-level destinations that become tabs.")
    var menu: String?

    func validate() throws {
        guard !graphs.isEmpty else { throw ValidationError("Name at least one navigation graph file.") }
        guard appID.allSatisfy({ $0.isLowercase || $0.isNumber || $0 == "-" }), !appID.isEmpty else {
            throw ValidationError("--app-id may hold only lowercase letters, digits and '-'.")
        }
    }

    func run() throws {
        do {
            let unmapped = try NavGraphImport.importFiles(graphs, appID: appID, out: out, strings: strings, menu: menu)
            print("wrote \(out)")
            if !unmapped.isEmpty {
                print("not mapped exactly (\(unmapped.count)):")
                for note in unmapped { print("  \(note)") }
            }
        } catch {
            for line in error.lines { printError(line) }
            throw ExitCode.failure
        }
    }
}
