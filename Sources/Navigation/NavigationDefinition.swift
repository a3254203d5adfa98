/// An app's navigation: its coordinator tree and route table, checked and indexed once.
///
/// A definition is immutable and shared by every session of the app. Building one reports every
/// problem at once as a ``DefinitionError``.
public struct NavigationDefinition: Sendable {
    /// Everything the definition holds, behind one reference: the engine and the web layer copy
    /// a definition as they pass it, and copying twelve references — shared by every handler
    /// thread, so contended — cost a page a retain and a release of each, many times over.
    private let storage: Storage

    /// The root of the coordinator tree.
    public var root: CoordinatorDefinition { storage.root }
    /// The route table, in declaration order.
    public var routes: [RouteDefinition] { storage.routes }
    /// How people sign in, if the app has guarded routes.
    public var signIn: SignInConfiguration? { storage.signIn }

    var routeIndex: [RouteName: Int] { storage.routeIndex }
    /// The stack that owns each route, in the order of ``routes``.
    var owners: [StackNode] { storage.owners }
    var tree: CoordinatorTree { storage.tree }
    /// The sign-in route as a guard redirects to it, and the stack that owns it.
    var signInRoute: CheckedRoute? { storage.signInRoute }
    var nodes: [CoordinatorID: Node] { storage.nodes }
    var pathPatterns: [RouteName: PathPattern] { storage.pathPatterns }
    /// The routes with a path, by the number of segments their pattern (or an alias's) has: a
    /// URL is matched against those of its own length only.
    var routesBySegmentCount: [Int: [(route: Int, pattern: PathPattern)]] { storage.routesBySegmentCount }
    /// The routes whose path is all literal text that needs no percent-encoding, by that path:
    /// found with one lookup (such a pattern is the most literal for its path, so it wins).
    var literalPaths: [String: Int] { storage.literalPaths }
    var parameterPatterns: [String: ParameterPattern] { storage.parameterPatterns }

    private final class Storage: Sendable {
        let root: CoordinatorDefinition
        let routes: [RouteDefinition]
        let signIn: SignInConfiguration?
        let routeIndex: [RouteName: Int]
        let owners: [StackNode]
        let tree: CoordinatorTree
        let signInRoute: CheckedRoute?
        let nodes: [CoordinatorID: Node]
        let pathPatterns: [RouteName: PathPattern]
        let routesBySegmentCount: [Int: [(route: Int, pattern: PathPattern)]]
        let literalPaths: [String: Int]
        let parameterPatterns: [String: ParameterPattern]

        init(root: CoordinatorDefinition, routes: [RouteDefinition], signIn: SignInConfiguration?, routeIndex: [RouteName: Int],
             owners: [StackNode], tree: CoordinatorTree, signInRoute: CheckedRoute?, nodes: [CoordinatorID: Node],
             pathPatterns: [RouteName: PathPattern], routesBySegmentCount: [Int: [(route: Int, pattern: PathPattern)]],
             literalPaths: [String: Int], parameterPatterns: [String: ParameterPattern]) {
            self.root = root
            self.routes = routes
            self.signIn = signIn
            self.routeIndex = routeIndex
            self.owners = owners
            self.tree = tree
            self.signInRoute = signInRoute
            self.nodes = nodes
            self.pathPatterns = pathPatterns
            self.routesBySegmentCount = routesBySegmentCount
            self.literalPaths = literalPaths
            self.parameterPatterns = parameterPatterns
        }
    }

    /// A coordinator as the navigator sees it: its place in the tree and what it holds.
    struct Node: Sendable {
        enum Role: Sendable { case root, flow, tab, modal }

        let id: CoordinatorID
        let kind: CoordinatorDefinition.Kind
        let role: Role
        /// The parent; for a modal, the coordinator that presents it.
        let parent: CoordinatorID?
        /// The flow this coordinator belongs to; nil above or outside the flows.
        let flow: CoordinatorID?
        let children: [CoordinatorID]
        let tab: TabItem?
        /// Whether this coordinator or any ancestor requires sign-in.
        let requiresSignIn: Bool

        var rootRoute: RouteName? {
            if case .stack(let root, _) = kind { root } else { nil }
        }

        var depthLimit: Int? {
            if case .stack(_, let limit) = kind { limit } else { nil }
        }
    }

    /// Builds and checks a definition.
    /// - Throws: ``DefinitionError`` listing every problem found.
    public init(root: CoordinatorDefinition, routes: [RouteDefinition], signIn: SignInConfiguration? = nil) throws(DefinitionError) {
        var validator = DefinitionValidator(root: root, routes: routes, signIn: signIn)
        validator.run()
        guard validator.problems.isEmpty else {
            throw DefinitionError(problems: validator.problems)
        }
        // What the validator passed has the shape the navigator's types hold; a tree it did not
        // foresee is refused here rather than met later.
        let styles = { (name: RouteName) -> ModalStyle? in
            if case .modal(let style)? = validator.routeIndex[name].map({ routes[$0].presentation }) { style } else { nil }
        }
        guard let tree = CoordinatorTree(root, style: styles) else { throw DefinitionError(problems: [.unsupportedTree(root.id)]) }
        var owners: [StackNode] = []
        for route in routes {
            guard let owner = tree.stacks[route.owner] else { throw DefinitionError(problems: [.ownerNotAStack(route.name, owner: route.owner)]) }
            owners.append(owner)
        }
        var byCount: [Int: [(route: Int, pattern: PathPattern)]] = [:]
        for (index, route) in routes.enumerated() {
            for pattern in [validator.pathPatterns[route.name]].compactMap({ $0 }) + (validator.aliasPatterns[route.name] ?? []) {
                byCount[pattern.segments.count, default: []].append((index, pattern))
            }
        }
        var literal: [String: Int] = [:]
        for (index, route) in routes.enumerated() {
            for pattern in [validator.pathPatterns[route.name]].compactMap({ $0 }) + (validator.aliasPatterns[route.name] ?? []) {
                let texts = pattern.segments.compactMap { if case .literal(let text) = $0, PathPattern.isUnreserved(text) { text } else { nil } }
                let path = "/" + texts.joined(separator: "/")
                if texts.count == pattern.segments.count, literal[path] == nil { literal[path] = index }
            }
        }
        storage = Storage(
            root: root, routes: routes, signIn: signIn, routeIndex: validator.routeIndex, owners: owners, tree: tree,
            signInRoute: signIn.flatMap { signIn in
                validator.routeIndex[signIn.route].map { CheckedRoute(definition: routes[$0], owner: owners[$0]) }
            },
            nodes: validator.nodes, pathPatterns: validator.pathPatterns, routesBySegmentCount: byCount, literalPaths: literal,
            parameterPatterns: validator.parameterPatterns
        )
    }

    /// The route called `name`, if the app has one.
    public func route(_ name: RouteName) -> RouteDefinition? {
        routeIndex[name].map { routes[$0] }
    }

    /// The flows of the root flow orchestrator, in order; empty when the root is not one.
    public var flows: [CoordinatorID] {
        guard case .flows = root.kind else { return [] }
        return root.children.map(\.id)
    }

    /// Whether showing `route` requires sign-in, by its own guard or a guarded coordinator above it.
    public func requiresSignIn(_ route: RouteName) -> Bool {
        guard let index = routeIndex[route] else { return false }
        return routes[index].requiresSignIn || owners[index].requiresSignIn
    }

    /// Whether `route` is shown in a modal: presented as one, or a later step of a modal's stack.
    public func isShownInModal(_ route: RouteName) -> Bool {
        guard let index = routeIndex[route] else { return false }
        if case .modal = routes[index].presentation { return true }
        return owners[index].isModal
    }

    /// The URL path of a route instance, placeholders filled and percent-encoded; nil when the
    /// route is unknown or a path parameter has no value. Query parameters are not included.
    public func path(for instance: RouteInstance) -> String? {
        pathPatterns[instance.name]?.path(with: instance.parameters)
    }

    /// The route instance a raw URL path and its decoded query name, or nil when no route's path
    /// matches. A more literal pattern wins over a placeholder (`/listing/new` over `/listing/{id}`).
    /// Query items the route does not declare are ignored; the navigator checks the values.
    public func routeInstance(path: Substring, query: [String: String] = [:]) -> RouteInstance? {
        var best: (route: RouteDefinition, values: [String: String], specificity: Int)?
        if let index = literalPaths[String(path)] {
            best = (routes[index], [:], .max)
        } else {
            guard let segments = PathPattern.decodedSegments(of: path) else { return nil }
            for (index, pattern) in routesBySegmentCount[segments.count] ?? [] {
                guard let values = pattern.match(segments: segments) else { continue }
                if pattern.specificity > best?.specificity ?? .min {
                    best = (routes[index], values, pattern.specificity)
                }
            }
        }
        guard let (route, matched, _) = best else { return nil }
        var values = matched
        for parameter in route.parameters where values[parameter.name] == nil {
            if let value = query[parameter.queryKey] {
                values[parameter.name] = value
            }
        }
        return RouteInstance(route.name, values)
    }

    /// The initial state of a new session: the initial flow, every stack at its root.
    public var initialState: NavigationState {
        var state = NavigationState()
        if case .flows(let initial) = root.kind {
            state.flow = initial
        }
        return state
    }
}
