import FlowDefinition
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
    public static func problems(views: String) -> [String] {
        report(views: views).problems
    }

    /// Checks every app folder and template under `views`: the folders load, the templates
    /// compile, every name a screen's template reads is one its page provides (`{{ forms.login.emial }}`
    /// is a problem, with a "did you mean"), every `url` helper names a route and its
    /// parameters, and that no two apps claim one link scheme or host; and warns of routes no navigation reaches, actions no template offers and
    /// markup the served Content-Security-Policy drops (`style="…"`, `onclick=`, inline scripts).
    /// Given one app folder (`Views/book-club`, holding an `app.xml`), it checks that folder with
    /// the shared layouts of the views folder it is in, and reports only what is in them.
    public static func report(views: String) -> Report {
        let named = views.hasSuffix("/") && views.count > 1 ? String(views.dropLast()) : views
        guard FileManager.default.fileExists(atPath: (named as NSString).appendingPathComponent("app.xml")) else { return report(views: views, only: nil) }
        let above = (named as NSString).deletingLastPathComponent
        return report(views: above.isEmpty ? "." : above, only: (named as NSString).lastPathComponent)
    }

    /// The report of `views`, or of its folder `only` with the shared layouts.
    private static func report(views: String, only: String?) -> Report {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: views, isDirectory: &isFolder), isFolder.boolValue else {
            return Report(problems: ["\(views): not a folder; pass the views folder, such as Views"], warnings: [])
        }
        var problems: [FolderProblem] = []
        var apps: [AppDefinition] = []
        for (folder, result) in AppFolderLoader.loadEach(views: views, vocabulary: .served(with: .prototype)) where only == nil || folder == only {
            switch result {
            case .success(let app): apps.append(app)
            case .failure(let found): problems += found.problems
            }
        }
        problems += LinkClaim.conflicts(among: apps)
        let library: TemplateLibrary
        do {
            library = try TemplateLibrary.load(views: views) { name in only.map { name.hasPrefix("_layout/") || name.hasPrefix($0 + "/") } ?? true }
        } catch {
            return Report(problems: (problems + error.problems).map(\.description), warnings: [])
        }
        var warnings = ContentPolicyCheck(files: library.files).warnings
        for app in apps {
            let check = TemplateCheck(app: app, library: library)
            problems += check.problems
            warnings += check.warnings
        }
        return Report(problems: problems.map(\.description), warnings: warnings)
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
