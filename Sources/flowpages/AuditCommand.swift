import ArgumentParser
import FlowPages
import Foundation

/// `flowpages audit`: the automated accessibility pass over every state of an app, run by this
/// binary from the resources beside it (the pass, the shared layouts, the public folder), with no
/// source checkout: the arguments are checked here and handed to the pass's launcher.
struct AuditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract: "Audit every state of an app: axe, the Nu checker, a keyboard pass, and what a screen reader (Orca) says.",
        discussion: """
            Starts this binary as a server of its own (--prototype audit: the pages as shipped, over the app's fixtures, on \
            127.0.0.1 with a key per run), opens each state of the app's audit inventory at a one-time address, and writes \
            results.json, report.html, results.csv and earl.jsonld into --out (a previous run there is compared). Exits 0 when \
            nothing was found, 1 when something was, 2 when something it needs is missing or the pass or the screen reader failed.

            Needs Chromium, its driver and Java, and for --screen-reader orca: Orca, Xvfb, xdotool, AT-SPI and D-Bus \
            (Firefox ESR for --browser firefox or both). They are installed with apt-get when run as root; otherwise the \
            command to install them is printed. The pinned Python packages go into a venv under ~/.cache/flowpages.
            """
    )

    enum ScreenReader: String, ExpressibleByArgument, CaseIterable { case orca, none }
    enum Browsers: String, ExpressibleByArgument, CaseIterable { case chromium, firefox, both }

    @Argument(help: "The app folder's name under the views folder.")
    var app: String

    @Option(help: ArgumentHelp("The views folder the app folder is in; without a _layout of its own, the shared layouts beside this binary are used.", valueName: "folder"))
    var views = "Views"

    @Option(help: ArgumentHelp("Where the results go (default: audit-<app>); a previous pass there is compared.", valueName: "folder"))
    var out: String?

    @Option(help: ArgumentHelp("Audit a flowpages already running here with --prototype on (the prototype's pages, toolbar and all) instead of starting one.", valueName: "url"))
    var base: String?

    @Option(name: .customLong("attach-to"), help: ArgumentHelp("With --base: attach the results to that server's manual audit (its number in /<app>/_audit/reviews/<number>).", valueName: "number"))
    var attachTo: Int?

    @Option(name: .customLong("screen-reader"), help: "orca: what Orca says on each state, beside the accessibility tree's transcript; none: the tree's alone.")
    var screenReader = ScreenReader.orca

    @Option(name: .customLong("browser"), help: "The browsers Orca reads each state in (axe, the Nu checker and the tree walk run in Chromium).")
    var browsers = Browsers.chromium

    @Flag(help: "Keep each state's screenshots, light and dark, beside the report.")
    var screenshots = false

    @Option(help: ArgumentHelp("Audit this many states side by side (1–\(Self.mostJobs)), each in a browser of its own; Orca reads as many side by side only as root (a user per job: one Orca runs per user), else one at a time.", valueName: "n"))
    var jobs = 1

    /// The most jobs: each is a Chromium (and an Orca with its browser), some 300–500 MB and a core's share.
    static let mostJobs = 8

    @Option(name: .customLong("state"), help: ArgumentHelp("Audit only this state, by its id in /<app>/_audit/states.json (repeatable).", valueName: "id"))
    var states: [String] = []

    func validate() throws {
        if !(1...Self.mostJobs).contains(jobs) { throw ValidationError("--jobs is 1 to \(Self.mostJobs), not \(jobs).") }
        if attachTo != nil, base == nil { throw ValidationError("--attach-to needs --base: the audit lives in the database of the server running there.") }
        if base == nil, !FileManager.default.fileExists(atPath: (views as NSString).appendingPathComponent(app + "/app.xml")) {
            throw ValidationError("\((views as NSString).appendingPathComponent(app + "/app.xml")) does not exist: give the folder the app folder is in with --views.")
        }
    }

    func run() throws {
        guard let executable = Bundle.main.executableURL?.resolvingSymlinksInPath(), let launcher = BundledResources.path("AuditPass/run.sh", beside: executable.deletingLastPathComponent()) else {
            throw ValidationError("The audit pass is not beside this binary (FlowPages_flowpages.resources/AuditPass/run.sh): copy the build's products whole.")
        }
        var arguments = [app, "--views", views, "--screen-reader", screenReader.rawValue, "--browser", browsers.rawValue]
        if let out { arguments += ["--out", out] }
        if let base { arguments += ["--base", base] }
        if let attachTo { arguments += ["--attach-to", String(attachTo)] }
        if screenshots { arguments.append("--screenshots") }
        if jobs > 1 { arguments += ["--jobs", String(jobs)] }
        arguments += states.flatMap { ["--state", $0] }
        setenv("FLOWPAGES_BIN", executable.path, 1)
        let argv = (["/bin/bash", launcher] + arguments).map { strdup($0) } + [nil]
        execv("/bin/bash", argv)
        throw ValidationError("Could not start /bin/bash \(launcher): \(String(cString: strerror(errno))).")
    }
}
