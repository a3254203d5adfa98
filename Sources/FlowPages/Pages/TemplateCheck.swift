import FlowDefinition
import Foundation
import HTMLTemplate
import Navigation

/// One app's templates read against what their pages provide, before anything renders: each
/// screen's template (and the app's own partials it includes) against the names
/// ``PageModel/shape(of:)`` declares for its route; each `url` helper against the routes and
/// each `image` helper against the folder's images. Mounting an app runs it; the workshop reads
/// its warnings (`flowpages check`) from what it found.
package struct TemplateCheck {
    /// The app whose templates are checked.
    package let app: AppDefinition
    /// The app's templates with the shared layout.
    package let library: TemplateLibrary
    /// What keeps the folder from being served, sorted.
    package private(set) var problems: [FolderProblem] = []
    /// Every path each route's template reads, its partials included.
    package private(set) var reads: [RouteName: [[String]]] = [:]
    /// The routes each route's template links to with the `url` helper.
    package private(set) var links: [RouteName: [RouteName]] = [:]

    /// Checks every route's template of `app` in `library`.
    package init(app: AppDefinition, library: TemplateLibrary) {
        self.app = app
        self.library = library
        let model = PageModel(app: app, urls: AppURLs(prefix: "/" + app.id, navigation: app.navigation))
        var seen: Set<String> = []
        // A template several routes show reads what any of them provides (a token only one has).
        var shapes: [String: [String: TemplateShape]] = [:]
        for route in app.navigation.routes {
            guard let template = app.templates[route.name] else { continue }
            shapes[template] = (shapes[template] ?? [:]).merging(model.shape(of: route)) { $0.merged(with: $1) }
        }
        for route in app.navigation.routes {
            guard let template = app.templates[route.name], let shape = shapes[template] else { continue }
            let found = library.set.check(template, against: shape, descending: { $0.hasPrefix(app.id + "/") })
            reads[route.name] = found.read
            for name in found.unknown {
                let problem = FolderProblem(file: library.files[name.template] ?? name.template, line: name.line, column: name.column,
                                            message: Self.message(name))
                if seen.insert(problem.description).inserted { problems.append(problem) }
            }
            for call in found.helpers where call.name == "image" {
                guard let problem = Self.imageProblem(call, app: app, library: library) else { continue }
                if seen.insert(problem.description).inserted { problems.append(problem) }
            }
            for call in found.helpers where call.name == "url" {
                guard case .string(let target)?? = call.literals.first else { continue }
                let file = library.files[call.template] ?? call.template
                guard let linked = app.navigation.route(RouteName(target)) else {
                    let message = "{{ url \"\(target)\" }} names no route of \(app.id)"
                        + Spelling.suggestion(for: target, among: app.navigation.routes.map(\.name.rawValue))
                    let problem = FolderProblem(file: file, line: call.line, column: call.column, message: message)
                    if seen.insert(problem.description).inserted { problems.append(problem) }
                    continue
                }
                links[route.name, default: []].append(linked.name)
                let parameters = linked.parameters.map(\.name)
                for argument in call.namedArguments where !parameters.contains(argument) {
                    let message = "{{ url \"\(target)\" \(argument)=… }}: route '\(target)' has no parameter '\(argument)'"
                        + Spelling.suggestion(for: argument, among: parameters)
                        + (parameters.isEmpty ? " (it takes none)" : " (it takes \(parameters.joined(separator: ", ")))")
                    let problem = FolderProblem(file: file, line: call.line, column: call.column, message: message)
                    if seen.insert(problem.description).inserted { problems.append(problem) }
                }
            }
        }
        problems.sort()
    }

    /// `forms.login.emial`: forms.login has no 'emial'; did you mean 'email'?
    static func message(_ name: UnknownName) -> String {
        let written = name.path.joined(separator: ".")
        let missing = name.path[name.found]
        guard name.found > 0 else {
            return "{{ \(written) }}: this page has no '\(missing)' (a screen reads \(Self.list(name.known)))"
                + Spelling.suggestion(for: missing, among: name.known)
        }
        let parent = name.path[..<name.found].joined(separator: ".")
        if name.insideValue {
            return "{{ \(written) }}: \(parent) is a single value or a list, with nothing inside to read by name"
        }
        guard !name.known.isEmpty else {
            return "{{ \(written) }}: \(parent) has nothing inside here"
        }
        return "{{ \(written) }}: \(parent) has no '\(missing)' (it has \(Self.list(name.known)))"
            + Spelling.suggestion(for: missing, among: name.known)
    }

    private static func list(_ names: [String]) -> String {
        let shown = names.filter { !$0.hasPrefix("_") }
        return shown.count <= 12 ? shown.joined(separator: ", ") : shown.prefix(12).joined(separator: ", ") + " and \(shown.count - 12) more"
    }
}
