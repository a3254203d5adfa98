import FlowDefinition
import FlowPages
import FlowStore
import HTMLTemplate
import Navigation

/// An app's navigation as a map: its coordinator tree (flows, tabs, stacks, modals) holding its
/// routes, and every navigation `app.xml` declares as an edge — an action offered on a screen
/// (a template that posts it) leading to the screens its steps show, a tab bar leading to its
/// tabs, deep links entering from outside. Drawn by ``FlowMapRenderer``.
struct FlowMap {
    /// A coordinator and what it holds.
    struct Group {
        enum Kind: String {
            case flows, tabs, stack, modal
        }

        let id: CoordinatorID
        let kind: Kind
        /// What a person calls it: a tab's title, else its id in words.
        let title: String
        /// The routes it owns, its root first, then in declaration order.
        let routes: [RouteName]
        let children: [Group]

        /// This group and every group below it, depth first.
        var all: [Group] { [self] + children.flatMap(\.all) }
    }

    /// A screen.
    struct Node {
        let route: RouteName
        let title: String
        let owner: CoordinatorID
        let requiresSignIn: Bool
        let isDeepLinkable: Bool
        /// Where a GET shows it; nil when it needs parameters.
        let url: String?
        /// How often it was viewed, when traffic was added.
        var views = 0
        /// Whether another screen has the same title (two "Verify Email" screens, one from a
        /// link and one from the registration).
        var sharesTitle = false

        /// Its title, with its route when another screen has the same one.
        var name: String { sharesTitle ? "\(title) (\(route.rawValue))" : title }
    }

    /// A way from one screen to another.
    struct Edge: Hashable {
        enum Kind: Hashable {
            /// An action posted on `from`.
            case action(String)
            /// The tab bar of the tab coordinator, selecting a tab (`from` is nil).
            case tab(CoordinatorID)
            /// A deep link from outside the app (`from` is nil).
            case link
        }

        let from: RouteName?
        let to: RouteName
        let kind: Kind
        /// Moves along it that were counted, when traffic was added.
        var count = 0
        /// Its count's share of every move counted out of `from`.
        var share = 0.0

        var label: String {
            switch kind {
            case .action(let id): id
            case .tab: "tab"
            case .link: "deep link"
            }
        }
    }

    let app: AppDefinition
    let root: Group
    /// Every route, in declaration order.
    private(set) var nodes: [Node]
    /// Every way, in a stable order: by source route, then kind and target.
    private(set) var edges: [Edge]
    /// Whether traffic was added.
    private(set) var hasTraffic = false

    /// The map of `app`, whose screens are the templates of `templates` it names.
    init(app: AppDefinition, templates: TemplateSet, urls: AppURLs) {
        self.app = app
        let navigation = app.navigation
        root = Self.group(navigation.root, routes: navigation.routes)
        nodes = navigation.routes.map { route in
            let needsParameters = route.parameters.contains(where: \.isRequired)
            return Node(route: route.name, title: Wording.readable(route.title), owner: route.owner, requiresSignIn: navigation.requiresSignIn(route.name),
                        isDeepLinkable: route.isDeepLinkable, url: needsParameters ? nil : urls.screen(RouteInstance(route.name)))
        }
        let titles = Dictionary(nodes.map { ($0.title, 1) }, uniquingKeysWith: +)
        for index in nodes.indices where titles[nodes[index].title, default: 0] > 1 {
            nodes[index].sharesTitle = true
        }
        var edges: [Edge] = []
        for route in navigation.routes {
            guard let template = app.templates[route.name] else { continue }
            for action in templates.actions(offeredBy: template, app: app.id).sorted() {
                for target in Self.targets(of: action, in: app, seen: []) {
                    edges.append(Edge(from: route.name, to: target, kind: .action(action)))
                }
            }
        }
        for group in root.all where group.kind == .tabs {
            // Its tabs, not the modals it presents.
            for tab in group.children where tab.kind == .stack {
                if let first = tab.routes.first { edges.append(Edge(from: nil, to: first, kind: .tab(group.id))) }
            }
        }
        for route in navigation.routes where route.isDeepLinkable {
            edges.append(Edge(from: nil, to: route.name, kind: .link))
        }
        var seen: Set<Edge> = []
        self.edges = edges.filter { seen.insert($0).inserted }
    }

    /// The routes an action's steps show: where it navigates, presents, replaces or pops up to
    /// and navigates, through its effects' outcomes and the buttons of the alerts it shows.
    static func targets(of action: String, in app: AppDefinition, seen: Set<String> = []) -> [RouteName] {
        guard let definition = app.actions[action], !seen.contains(action) else { return [] }
        var targets: [RouteName] = []
        func walk(_ steps: [ActionStep]) {
            for step in steps {
                switch step {
                case .navigate(let route, _), .detour(let route, _), .replace(let route):
                    targets.append(route)
                case .popUpTo(_, _, let then?, _, _):
                    targets.append(then)
                case .changeFlow(let flow):
                    if let first = Self.group(app.navigation.root, routes: app.navigation.routes).all.first(where: { $0.id == flow })?.all
                        .first(where: { !$0.routes.isEmpty })?.routes.first {
                        targets.append(first)
                    }
                case .alert(let name):
                    for button in app.alerts[name]?.buttons ?? [] {
                        if let next = button.action { targets += Self.targets(of: next, in: app, seen: seen.union([action])) }
                    }
                case .effect(_, _, let onSuccess, let onFailure):
                    walk(onSuccess)
                    walk(onFailure)
                default:
                    break
                }
            }
        }
        walk(definition.steps)
        var unique: Set<RouteName> = []
        return targets.filter { unique.insert($0).inserted }
    }

    /// The group of `coordinator`, its modals after its children.
    private static func group(_ coordinator: CoordinatorDefinition, routes: [RouteDefinition], isModal: Bool = false) -> Group {
        let kind: Group.Kind = switch coordinator.kind {
        case .flows: .flows
        case .tabs: .tabs
        case .stack: isModal ? .modal : .stack
        }
        var owned = routes.filter { $0.owner == coordinator.id }.map(\.name)
        if case .stack(let root, _) = coordinator.kind, let index = owned.firstIndex(of: root) {
            owned.insert(owned.remove(at: index), at: 0)
        }
        let children = coordinator.children.map { group($0, routes: routes) } + coordinator.modals.map { group($0, routes: routes, isModal: true) }
        return Group(id: coordinator.id, kind: kind, title: coordinator.tab?.title ?? Wording.words(coordinator.id.rawValue), routes: owned, children: children)
    }

    /// Adds the moves counted between screens (``EventCounts/Metric/moves``) and the views of
    /// each: an edge carries the moves from its source to its target, and their share of every
    /// move out of its source.
    mutating func addTraffic(moves: [EventCounts.Row], views: [EventCounts.Row]) {
        hasTraffic = true
        let out = Dictionary(moves.map { ($0.subject, $0.count) }, uniquingKeysWith: +)
        let counts = Dictionary(moves.map { ("\($0.subject)\t\($0.detail)", $0.count) }, uniquingKeysWith: +)
        for index in edges.indices {
            guard let from = edges[index].from else { continue }
            let count = counts["\(from.rawValue)\t\(edges[index].to.rawValue)"] ?? 0
            edges[index].count = count
            edges[index].share = count == 0 ? 0 : Double(count) / Double(out[from.rawValue] ?? count)
        }
        let viewed = Dictionary(views.map { ($0.subject, $0.count) }, uniquingKeysWith: +)
        nodes = nodes.map { node in
            var node = node
            node.views = viewed[node.route.rawValue] ?? 0
            return node
        }
    }

    /// The node of `route`.
    func node(_ route: RouteName) -> Node? {
        nodes.first { $0.route == route }
    }
}
