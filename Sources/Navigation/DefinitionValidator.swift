/// Walks a coordinator tree and route table once, indexing them and collecting every problem.
struct DefinitionValidator {
    let root: CoordinatorDefinition
    let routes: [RouteDefinition]
    let signIn: SignInConfiguration?

    private(set) var problems: [DefinitionProblem] = []
    private(set) var routeIndex: [RouteName: Int] = [:]
    private(set) var nodes: [CoordinatorID: NavigationDefinition.Node] = [:]
    private(set) var pathPatterns: [RouteName: PathPattern] = [:]
    private(set) var aliasPatterns: [RouteName: [PathPattern]] = [:]
    private(set) var parameterPatterns: [String: ParameterPattern] = [:]

    init(root: CoordinatorDefinition, routes: [RouteDefinition], signIn: SignInConfiguration?) {
        self.root = root
        self.routes = routes
        self.signIn = signIn
    }

    mutating func run() {
        indexRoutes()
        visit(root, role: .root, parent: nil, flow: nil, guarded: false)
        checkStacks()
        checkRoutes()
        checkSignIn()
    }

    private mutating func report(_ problem: DefinitionProblem) {
        problems.append(problem)
    }

    private mutating func indexRoutes() {
        for (index, route) in routes.enumerated() {
            if routeIndex[route.name] != nil {
                report(.duplicateRoute(route.name))
            } else {
                routeIndex[route.name] = index
            }
        }
    }

    private mutating func visit(
        _ coordinator: CoordinatorDefinition, role: NavigationDefinition.Node.Role,
        parent: CoordinatorID?, flow: CoordinatorID?, guarded: Bool
    ) {
        guard nodes[coordinator.id] == nil else {
            report(.duplicateCoordinator(coordinator.id))
            return
        }
        let guarded = guarded || coordinator.requiresSignIn
        nodes[coordinator.id] = NavigationDefinition.Node(
            id: coordinator.id, kind: coordinator.kind, role: role, parent: parent, flow: flow,
            children: coordinator.children.map(\.id), tab: coordinator.tab, requiresSignIn: guarded
        )
        switch coordinator.kind {
        case .flows(let initial):
            if role != .root { report(.nestedFlows(coordinator.id)) }
            checkContainer(coordinator, initial: initial)
            for child in coordinator.children {
                if case .flows = child.kind { report(.nestedFlows(child.id)) }
                visit(child, role: .flow, parent: coordinator.id, flow: child.id, guarded: guarded)
            }
        case .tabs(let initial):
            checkContainer(coordinator, initial: initial)
            for child in coordinator.children {
                if case .stack = child.kind {} else { report(.tabNotAStack(tabs: coordinator.id, child: child.id)) }
                if child.tab == nil { report(.tabWithoutItem(child.id)) }
                visit(child, role: .tab, parent: coordinator.id, flow: flow, guarded: guarded)
            }
        case .stack(_, let limit):
            if let limit, limit < 1 { report(.invalidDepthLimit(coordinator.id, limit: limit)) }
        }
        for modal in coordinator.modals {
            if case .stack = modal.kind {} else { report(.modalNotAStack(host: coordinator.id, modal: modal.id)) }
            visit(modal, role: .modal, parent: coordinator.id, flow: flow, guarded: guarded)
        }
    }

    private mutating func checkContainer(_ coordinator: CoordinatorDefinition, initial: CoordinatorID?) {
        if coordinator.children.isEmpty {
            report(.emptyContainer(coordinator.id))
        }
        if let initial, !coordinator.children.contains(where: { $0.id == initial }) {
            report(.unknownInitialChild(coordinator.id, child: initial))
        }
    }

    private mutating func checkStacks() {
        for node in nodes.values.sorted(by: { $0.id < $1.id }) {
            guard let rootName = node.rootRoute else { continue }
            guard let route = routeIndex[rootName].map({ routes[$0] }) else {
                report(.unknownRootRoute(node.id, route: rootName))
                continue
            }
            if route.owner != node.id {
                report(.rootRouteOwnedElsewhere(node.id, route: rootName, owner: route.owner))
            }
            if node.role == .modal {
                if case .modal = route.presentation {} else { report(.modalRootNotModal(node.id, route: rootName)) }
            } else if route.parameters.contains(where: \.isRequired) {
                report(.rootRouteNeedsParameters(node.id, route: rootName))
            }
        }
    }

    private mutating func checkRoutes() {
        var seenPaths: [(RouteName, PathPattern)] = []
        for route in routes {
            checkOwnership(of: route)
            var names: Set<String> = []
            var queryKeys: Set<String> = []
            for parameter in route.parameters {
                if !names.insert(parameter.name).inserted {
                    report(.duplicateParameter(route.name, parameter: parameter.name))
                } else if !queryKeys.insert(parameter.queryKey).inserted {
                    report(.duplicateQueryName(route.name, parameter: parameter.name, query: parameter.queryKey))
                }
                if let source = parameter.pattern, parameterPatterns[source] == nil {
                    do {
                        parameterPatterns[source] = try ParameterPattern(source)
                    } catch {
                        report(.invalidParameterPattern(route.name, parameter: parameter.name, pattern: source))
                    }
                }
                if let value = parameter.defaultValue {
                    let reason = parameter.isRequired ? "a required parameter has no default"
                        : parameter.kindViolation(of: value)
                        ?? parameter.pattern.flatMap { parameterPatterns[$0] }.flatMap { $0.matches(value) ? nil : "it does not match the pattern" }
                    if let reason { report(.invalidParameterDefault(route.name, parameter: parameter.name, value: value, reason: reason)) }
                }
            }
            let pattern: PathPattern
            do {
                pattern = try PathPattern(route.path)
            } catch {
                report(.invalidPath(route.name, reason: error.description))
                continue
            }
            for name in pattern.parameterNames {
                switch route.parameter(name) {
                case nil: report(.undeclaredPathParameter(route.name, parameter: name))
                case let parameter? where !parameter.isRequired: report(.optionalPathParameter(route.name, parameter: name))
                case let parameter? where parameter.queryName != nil: report(.queryNameOfPathParameter(route.name, parameter: name))
                default: break
                }
            }
            if let other = seenPaths.first(where: { $0.1.hasSameShape(as: pattern) }) {
                report(.duplicatePath(route.name, other: other.0, path: route.path))
            } else if pathPatterns[route.name] == nil {
                seenPaths.append((route.name, pattern))
                pathPatterns[route.name] = pattern
            }
            // An alias's placeholders fill declared parameters; a match of it is a match of the route.
            for alias in route.aliases {
                let pattern: PathPattern
                do {
                    pattern = try PathPattern(alias)
                } catch {
                    report(.invalidPath(route.name, reason: "its alias: \(error.description)"))
                    continue
                }
                for name in pattern.parameterNames where route.parameter(name) == nil {
                    report(.undeclaredPathParameter(route.name, parameter: name))
                }
                if let other = seenPaths.first(where: { $0.1.hasSameShape(as: pattern) }) {
                    report(.duplicatePath(route.name, other: other.0, path: alias))
                } else {
                    seenPaths.append((route.name, pattern))
                    aliasPatterns[route.name, default: []].append(pattern)
                }
            }
        }
    }


    private mutating func checkOwnership(of route: RouteDefinition) {
        guard let owner = nodes[route.owner] else {
            report(.unknownOwner(route.name, owner: route.owner))
            return
        }
        guard owner.rootRoute != nil else {
            report(.ownerNotAStack(route.name, owner: route.owner))
            return
        }
        if case .modal = route.presentation, owner.role != .modal || owner.rootRoute != route.name {
            report(.modalNotConfigured(route.name, owner: route.owner))
        }
        for stack in route.sharedWith where nodes[stack]?.rootRoute == nil {
            report(.unknownSharedStack(route.name, stack: stack))
        }
    }

    private mutating func checkSignIn() {
        guard let signIn else {
            for route in routes where route.requiresSignIn || nodes[route.owner]?.requiresSignIn == true {
                report(.guardWithoutSignIn(route.name))
            }
            return
        }
        if let index = routeIndex[signIn.route] {
            let route = routes[index]
            if route.requiresSignIn || nodes[route.owner]?.requiresSignIn == true {
                report(.signInRouteGuarded(signIn.route))
            }
        } else {
            report(.unknownSignInRoute(signIn.route))
        }
        for flow in [signIn.signedInFlow, signIn.signedOutFlow].compactMap({ $0 }) where nodes[flow]?.role != .flow {
            report(.unknownSignInFlow(flow))
        }
    }
}
