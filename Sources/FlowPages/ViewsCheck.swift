import FlowDefinition
import Foundation
import Navigation

/// Checks a views folder as `flowpages check` does: every app folder's `app.xml` and every
/// template, each problem as `file:line: message`.
public enum ViewsCheck {
    /// The RELAX NG schema every `app.xml` is validated against.
    public static var schema: String { AppSchema.relaxNG }

    /// The problems found; empty when everything loads and compiles.
    public static func problems(views: String) -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: views, isDirectory: &isFolder), isFolder.boolValue else {
            return ["\(views): not a folder; pass the views folder, such as Views"]
        }
        var lines = AppFolderLoader.loadAll(views: views, vocabulary: .served(with: .prototype)).problems.map(\.description)
        do {
            _ = try TemplateLibrary.load(views: views)
        } catch {
            lines += error.lines
        }
        return lines
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
