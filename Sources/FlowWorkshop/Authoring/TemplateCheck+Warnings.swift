import FlowDefinition
import FlowPages
import Foundation
import Navigation

extension TemplateCheck {
    /// Routes no navigation reaches, actions no template offers, images without a text
    /// alternative and focus moved on arrival, as `file:line: warning: …`; worked out when asked
    /// (`flowpages check`), not each time a server loads the folder.
    var warnings: [String] {
        unusedActions(reads: reads) + unreachableRoutes(reads: reads, links: links) + imagesWithoutAlt() + autofocusedElements()
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
