import FlowDefinition
import Foundation
import HTMLTemplate
import Navigation

/// One app's templates read against what their pages provide, before anything renders: each
/// screen's template (and the app's own partials it includes) against the names
/// ``PageModel/shape(of:)`` declares for its route; each `url` helper against the routes and
/// each `image` helper against the folder's images; and the routes no navigation reaches,
/// actions no template offers, `<img>`s without `alt` and `autofocus`, as warnings.
struct TemplateCheck {
    let app: AppDefinition
    let library: TemplateLibrary
    private(set) var problems: [FolderProblem] = []
    /// Every path each route's template reads, its partials included.
    private var reads: [RouteName: [[String]]] = [:]
    /// The routes each route's template links to with the `url` helper.
    private var links: [RouteName: [RouteName]] = [:]

    /// Routes no navigation reaches, actions no template offers, images without a text
    /// alternative and focus moved on arrival, as `file:line: warning: …`; worked out when asked
    /// (`flowpages check`), not each time a server loads the folder.
    var warnings: [String] {
        unusedActions(reads: reads) + unreachableRoutes(reads: reads, links: links) + imagesWithoutAlt() + autofocusedElements()
    }

    init(app: AppDefinition, library: TemplateLibrary) {
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

    /// Actions that no template offers and no alert's button runs.
    private func unusedActions(reads: [RouteName: [[String]]]) -> [String] {
        var used = Set(reads.values.joined().compactMap { $0.count > 1 && $0[0] == "actions" ? $0[1] : nil })
        for alert in app.alerts.values { used.formUnion(alert.buttons.compactMap(\.action)) }
        return app.actions.keys.sorted().filter { !used.contains($0) }.map { id in
            "\(location(of: "action", named: id, attribute: "id")): warning: action '\(id)' is offered by no template and run by no alert's button"
        }
    }

    /// Routes no way leads to: not the root of a stack or tab, not a deep link, not the app's
    /// entry (`/`), not the sign-in screen, and not where an offered action or a template's link goes from a route that is reached.
    private func unreachableRoutes(reads: [RouteName: [[String]]], links: [RouteName: [RouteName]]) -> [String] {
        let navigation = app.navigation
        var reached: Set<RouteName> = [navigation.currentScreen(in: navigation.initialState).name]
        let map = FlowMap(app: app, templates: library.set, urls: AppURLs(prefix: "/" + app.id, navigation: navigation))
        for group in map.root.all where group.kind == .stack { if let root = group.routes.first { reached.insert(root) } }
        // A route at `/` is what opening the app shows.
        for route in navigation.routes where route.isDeepLinkable || route.path == "/" { reached.insert(route.name) }
        if let signIn = navigation.signIn?.route { reached.insert(signIn) }
        var queue = Array(reached)
        while let route = queue.popLast() {
            let offered = Set((reads[route] ?? []).compactMap { $0.count > 1 && $0[0] == "actions" ? $0[1] : nil })
            let next = offered.sorted().flatMap { FlowMap.targets(of: $0, in: app) } + (links[route] ?? [])
            for target in next where reached.insert(target).inserted { queue.append(target) }
        }
        return navigation.routes.filter { !reached.contains($0.name) }.map { route in
            "\(location(of: "route", named: route.name.rawValue, attribute: "name")): warning: no way leads to route '\(route.name)': "
                + "no action a screen offers, no tab, link or deep link opens it"
        }
    }

    /// `Views/app/app.xml:12`, the line of `<element attribute="name"`, or line 1.
    private func location(of element: String, named name: String, attribute: String) -> String {
        let file = (app.folder as NSString).appendingPathComponent("app.xml")
        let lines = (try? String(contentsOfFile: file, encoding: .utf8))?.split(separator: "\n", omittingEmptySubsequences: false) ?? []
        let line = lines.firstIndex { $0.contains("<\(element) ") && $0.contains("\(attribute)=\"\(name)\"") }.map { $0 + 1 } ?? 1
        return "\(file):\(line)"
    }
}
