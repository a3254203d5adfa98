import FlowDefinition
import FlowPages
import Foundation
import Navigation

/// Checks a views folder as `flowpages check` does: every app folder's `app.xml` and every
/// template, each problem as `file:line: message`.
public enum ViewsCheck {
    /// The RELAX NG schema every `app.xml` is validated against.
    public static var schema: String { AppSchema.relaxNG }

    /// What `flowpages check` finds: problems, which keep a folder from working as written, and
    /// warnings, which do not.
    public struct Report: Sendable {
        /// `file:line[:col]: message`, one a line.
        public let problems: [String]
        /// `file:line[:col]: warning: message`: routes nothing leads to, actions nothing offers,
        /// markup the served Content-Security-Policy drops.
        public let warnings: [String]
    }

    /// The problems found; empty when everything loads and compiles.
    public static func problems(views: String, layouts: String? = nil) -> [String] {
        report(views: views, layouts: layouts).problems
    }

    /// Checks every app folder and template under `views`: the folders load, the templates
    /// compile, every name a screen's template reads is one its page provides (`{{ forms.login.emial }}`
    /// is a problem, with a "did you mean"), every `url` helper names a route and its
    /// parameters, no two apps claim one link scheme or host; and warns of routes no navigation
    /// reaches, actions no template offers and markup the served Content-Security-Policy drops
    /// (`style="…"`, `onclick=`, inline scripts). Each app's templates are compiled as the server
    /// compiles them: with its own partials and the shared layouts, never another app's.
    /// Given one app folder (`Views/book-club`, holding an `app.xml`), it checks that folder alone.
    /// - Parameter layouts: The shared layouts' folder; by default the views folder's own
    ///   `_layout`, or else the one FlowPages is installed with (``SharedLayouts``).
    public static func report(views: String, layouts: String? = nil) -> Report {
        let named = views.hasSuffix("/") && views.count > 1 ? String(views.dropLast()) : views
        guard FileManager.default.fileExists(atPath: (named as NSString).appendingPathComponent("app.xml")) else {
            return report(views: views, layouts: layouts, only: nil)
        }
        let above = (named as NSString).deletingLastPathComponent
        return report(views: above.isEmpty ? "." : above, layouts: layouts, only: (named as NSString).lastPathComponent)
    }

    /// The report of `views`, or of its folder `only`.
    private static func report(views: String, layouts: String?, only: String?) -> Report {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: views, isDirectory: &isFolder), isFolder.boolValue else {
            return Report(problems: ["\(views): not a folder; pass the views folder, such as Views"], warnings: [])
        }
        let layouts = layouts ?? SharedLayouts.folder(for: views)
        var problems: [FolderProblem] = []
        var warnings: [String] = []
        var apps: [AppDefinition] = []
        var checkedLayouts = false
        for (folder, result) in AppFolderLoader.loadEach(views: views, vocabulary: .served(with: .prototype)) where only == nil || folder == only {
            let library: TemplateLibrary
            do {
                library = try TemplateLibrary.load(views: views, layouts: layouts) { $0.hasPrefix(SharedLayouts.name + "/") || $0.hasPrefix(folder + "/") }
            } catch {
                problems += error.problems.map { ownPartials($0, folder: folder, layouts: layouts) }
                switch result {
                case .success(let app): apps.append(app)
                case .failure(let found): problems += found.problems
                }
                continue
            }
            let files = checkedLayouts ? library.files.filter { !$0.key.hasPrefix(SharedLayouts.name + "/") } : library.files
            checkedLayouts = true
            warnings += ContentPolicyCheck(files: files).warnings
            switch result {
            case .success(let app):
                apps.append(app)
                let check = TemplateCheck(app: app, library: library)
                problems += check.problems
                warnings += check.warnings
            case .failure(let found):
                problems += found.problems
            }
        }
        problems += LinkClaim.conflicts(among: apps)
        // The shared layouts are compiled with every app: a problem of theirs is said once.
        return Report(problems: Array(Set(problems)).sorted().map(\.description), warnings: warnings)
    }

    /// A partial an app's template names that is not its own nor a shared one, said so:
    /// another app's partial is not there when the app is served (nor when it is copied under
    /// another id, where `./card` would still be its own).
    private static func ownPartials(_ problem: FolderProblem, folder: String, layouts: String?) -> FolderProblem {
        let prefix = "there is no partial named '"
        guard problem.message.hasPrefix(prefix) else {
            if problem.message.hasPrefix("there is no layout named '\(SharedLayouts.name)/"), layouts == nil {
                return FolderProblem(file: problem.file, line: problem.line, column: problem.column,
                                     message: problem.message + "; no shared layouts were found: pass --layouts with FlowPages' Views/_layout")
            }
            return problem
        }
        let name = problem.message.dropFirst(prefix.count).prefix { $0 != "'" }
        guard !name.hasPrefix(SharedLayouts.name + "/"), !name.hasPrefix(folder + "/") else { return problem }
        let own = name.split(separator: "/").last.map(String.init) ?? String(name)
        return FolderProblem(file: problem.file, line: problem.line, column: problem.column,
                             message: "there is no partial named '\(name)' for app \(folder): an app includes only its own partials ({{> ./\(own)}}, "
                                + "or {{> \(folder)/\(own)}}) and the shared \(SharedLayouts.name)/ ones")
    }

    /// The route table of app `id`, one route a line: name, URL pattern, owner, presentation,
    /// guard and deep-link exposure.
    /// - Returns: The table, or the app folder's problems as `file:line: message`.
    public static func routeTable(app id: String, views: String) -> Result<String, ProblemLines> {
        AppFolderLoader.load(folder: (views as NSString).appendingPathComponent(id), vocabulary: .served(with: .prototype)).map { app in
            let rows = app.navigation.routes.map { route in
                [route.name.rawValue, route.path, route.owner.rawValue, route.presentation.description,
                 app.navigation.requiresSignIn(route.name) ? "sign-in" : "-",
                 route.isDeepLinkable ? (["https://" + (app.hosts.first ?? "<host>")] + app.schemes.map { "\($0)://" }).joined(separator: " ") : "-"]
            }
            let header = ["ROUTE", "URL", "OWNER", "PRESENTATION", "GUARD", "DEEP LINKS"]
            let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
            return ([header] + rows).map { row in
                row.enumerated().map { column, text in
                    column == row.count - 1 ? text : text.padding(toLength: widths[column], withPad: " ", startingAt: 0)
                }.joined(separator: "  ")
            }.joined(separator: "\n")
        }.mapError { ProblemLines($0.problems.map(\.description)) }
    }
}
