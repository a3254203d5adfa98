import ArgumentParser
import FlowPages
import FlowWorkshop
import Foundation

/// `flowpages new`: writes a starter app folder.
struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Write a starter app folder that passes check and serves at once.",
        discussion: "Without a flag the app is one stack of screens; --tabs puts them in two tabs, --flows puts a sign-in screen (and a fixture account) in front of the tabs. An existing folder is never touched."
    )

    @Argument(help: "The app's id, which becomes its folder's name and its URL prefix (my-app).")
    var app: String

    @Flag(help: "How the screens are arranged.")
    var shape: StarterFolder.Shape = .stack

    @Option(help: "The views folder to write it into.")
    var views = "Views"

    func run() throws {
        do {
            let files = try StarterFolder(id: app, shape: shape).write(into: views)
            for file in files { print("wrote \(file)") }
            if SharedLayouts.folder(for: views) == nil {
                printError("note: \(views) has no _layout/app.html, the shared layout the templates render in, and FlowPages' own was not found beside it; pass --layouts with FlowPages' Views/_layout to serve and check")
            }
            print("serve it with `swift run flowpages` and open http://127.0.0.1:8080/\(app)/")
        } catch let refusal as StarterFolder.Refusal {
            printError(refusal.description)
            throw ExitCode.failure
        }
    }
}
