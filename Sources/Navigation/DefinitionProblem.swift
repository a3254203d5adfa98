/// One thing wrong with an app definition. Building a definition reports every problem at once;
/// each case's ``description`` says what is wrong and what to do about it.
public enum DefinitionProblem: Hashable, Sendable, CustomStringConvertible {
    case duplicateCoordinator(CoordinatorID)
    case duplicateRoute(RouteName)
    case emptyContainer(CoordinatorID)
    case nestedFlows(CoordinatorID)
    case unknownInitialChild(CoordinatorID, child: CoordinatorID)
    case tabNotAStack(tabs: CoordinatorID, child: CoordinatorID)
    case tabWithoutItem(CoordinatorID)
    case modalNotAStack(host: CoordinatorID, modal: CoordinatorID)
    case unknownRootRoute(CoordinatorID, route: RouteName)
    case rootRouteOwnedElsewhere(CoordinatorID, route: RouteName, owner: CoordinatorID)
    case rootRouteNeedsParameters(CoordinatorID, route: RouteName)
    case invalidDepthLimit(CoordinatorID, limit: Int)
    case unknownOwner(RouteName, owner: CoordinatorID)
    case ownerNotAStack(RouteName, owner: CoordinatorID)
    case unknownSharedStack(RouteName, stack: CoordinatorID)
    case modalNotConfigured(RouteName, owner: CoordinatorID)
    case modalRootNotModal(CoordinatorID, route: RouteName)
    case invalidPath(RouteName, reason: String)
    case duplicatePath(RouteName, other: RouteName, path: String)
    case undeclaredPathParameter(RouteName, parameter: String)
    case optionalPathParameter(RouteName, parameter: String)
    case duplicateParameter(RouteName, parameter: String)
    case invalidParameterPattern(RouteName, parameter: String, pattern: String)
    case invalidParameterDefault(RouteName, parameter: String, value: String, reason: String)
    case duplicateQueryName(RouteName, parameter: String, query: String)
    case queryNameOfPathParameter(RouteName, parameter: String)
    case guardWithoutSignIn(RouteName)
    case unknownSignInRoute(RouteName)
    case signInRouteGuarded(RouteName)
    case unknownSignInFlow(CoordinatorID)
    /// A tree of a shape the navigator does not hold (checked after every other rule).
    case unsupportedTree(CoordinatorID)

    /// What is wrong, and what to do about it.
    public var description: String {
        switch self {
        case .duplicateCoordinator(let id):
            "coordinator '\(id)' is declared more than once; give each coordinator its own id"
        case .duplicateRoute(let name):
            "route '\(name)' is declared more than once; give each route its own name"
        case .emptyContainer(let id):
            "coordinator '\(id)' has no children; a flows or tabs coordinator needs at least one"
        case .nestedFlows(let id):
            "flows coordinator '\(id)' is not the root; only the root of the tree may orchestrate flows"
        case .unknownInitialChild(let id, let child):
            "coordinator '\(id)' starts at '\(child)', which is not one of its children"
        case .tabNotAStack(let tabs, let child):
            "tab '\(child)' of '\(tabs)' is not a stack; every tab is a stack with a root route"
        case .tabWithoutItem(let id):
            "tab '\(id)' has no tab item; give it a title for the tab bar"
        case .modalNotAStack(let host, let modal):
            "modal '\(modal)' of '\(host)' is not a stack; a modal is a stack with a root route"
        case .unknownRootRoute(let id, let route):
            "stack '\(id)' starts at route '\(route)', which is not in the route table"
        case .rootRouteOwnedElsewhere(let id, let route, let owner):
            "stack '\(id)' starts at route '\(route)', but that route's owner is '\(owner)'; set its owner to '\(id)'"
        case .rootRouteNeedsParameters(let id, let route):
            "stack '\(id)' starts at route '\(route)', which has required parameters; a stack root must open without them: make each optional (required=\"false\"), with a default if it needs one"
        case .invalidDepthLimit(let id, let limit):
            "stack '\(id)' has depth limit \(limit); a limit counts the root and must be at least 1"
        case .unknownOwner(let route, let owner):
            "route '\(route)' names owner '\(owner)', which is not a coordinator"
        case .ownerNotAStack(let route, let owner):
            "route '\(route)' names owner '\(owner)', which is not a stack; routes belong to stacks"
        case .unknownSharedStack(let route, let stack):
            "route '\(route)' is shared with '\(stack)', which is not a stack"
        case .modalNotConfigured(let route, let owner):
            "route '\(route)' is presented modally but is not the root of a modal; register '\(owner)' as a modal and start it at '\(route)'"
        case .modalRootNotModal(let id, let route):
            "modal '\(id)' starts at route '\(route)', whose presentation is not modal; give it a modal presentation"
        case .invalidPath(let route, let reason):
            "route '\(route)' has an invalid path: \(reason)"
        case .duplicatePath(let route, let other, let path):
            "routes '\(other)' and '\(route)' share the path '\(path)'; every route needs its own"
        case .undeclaredPathParameter(let route, let parameter):
            "route '\(route)' uses '{\(parameter)}' in its path without declaring the parameter"
        case .optionalPathParameter(let route, let parameter):
            "route '\(route)' has '{\(parameter)}' in its path but declares it optional; path parameters are required"
        case .duplicateParameter(let route, let parameter):
            "route '\(route)' declares parameter '\(parameter)' more than once"
        case .invalidParameterPattern(let route, let parameter, let pattern):
            "parameter '\(parameter)' of route '\(route)' has pattern '\(pattern)', which is not a valid regular expression"
        case .invalidParameterDefault(let route, let parameter, let value, let reason):
            "parameter '\(parameter)' of route '\(route)' defaults to '\(value)', which cannot be: \(reason)"
        case .duplicateQueryName(let route, let parameter, let query):
            "parameter '\(parameter)' of route '\(route)' is read from the query item '\(query)', which another of its parameters is read from too; give each its own"
        case .queryNameOfPathParameter(let route, let parameter):
            "parameter '\(parameter)' of route '\(route)' fills a segment of its path, so it has no query name; remove query=\"…\""
        case .guardWithoutSignIn(let route):
            "route '\(route)' requires sign-in but the app has no sign-in route; configure one"
        case .unknownSignInRoute(let route):
            "the sign-in route '\(route)' is not in the route table"
        case .signInRouteGuarded(let route):
            "the sign-in route '\(route)' itself requires sign-in, which could never be satisfied"
        case .unknownSignInFlow(let flow):
            "sign-in names flow '\(flow)', which is not a flow of the root coordinator"
        case .unsupportedTree(let root):
            "the coordinator tree under '\(root)' has a shape the navigator does not hold"
        }
    }
}

/// An app definition that could not be built, with every problem found.
public struct DefinitionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// All problems, in the order they were found.
    public let problems: [DefinitionProblem]

    public var description: String {
        let count = problems.count == 1 ? "1 problem" : "\(problems.count) problems"
        return "the app definition has \(count):\n" + problems.map { "- \($0)" }.joined(separator: "\n")
    }
}
