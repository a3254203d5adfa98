/// Why a navigation command was refused. The state is then exactly as it was.
public enum NavigationError: Error, Hashable, Sendable, CustomStringConvertible {
    case unknownRoute(RouteName)
    case missingParameter(RouteName, parameter: String)
    case invalidParameter(RouteName, parameter: String, reason: String)
    case unknownParameter(RouteName, parameter: String)
    case unknownTab(CoordinatorID)
    case unknownFlow(CoordinatorID)
    case inactiveFlow(RouteName?, flow: CoordinatorID, active: CoordinatorID?)
    case depthLimitExceeded(CoordinatorID, limit: Int)
    case nothingToGoBackTo(RouteInstance)
    case noModalPresented
    case noDetourPresented
    case invalidDetour(RouteName)
    case invalidUserID
    case draftTooLarge(form: String, reason: String)

    /// What went wrong, and what would work instead.
    public var description: String {
        switch self {
        case .unknownRoute(let name):
            "there is no route named '\(name)'"
        case .missingParameter(let route, let parameter):
            "route '\(route)' needs a value for '\(parameter)'"
        case .invalidParameter(let route, let parameter, let reason):
            "the value of '\(parameter)' for route '\(route)' is invalid: \(reason)"
        case .unknownParameter(let route, let parameter):
            "route '\(route)' takes no parameter '\(parameter)'"
        case .unknownTab(let id):
            "there is no tab '\(id)'"
        case .unknownFlow(let id):
            "there is no flow '\(id)'"
        case .inactiveFlow(let route, let flow, let active):
            "\(route.map { "route '\($0)'" } ?? "that tab") belongs to flow '\(flow)', but the active flow is '\(active.map(\.rawValue) ?? "none")'; change flow first"
        case .depthLimitExceeded(let stack, let limit):
            "stack '\(stack)' already holds its limit of \(limit) screens; go back or start over"
        case .nothingToGoBackTo(let route):
            "'\(route)' is a root; there is nothing to go back to"
        case .noModalPresented:
            "no modal is presented"
        case .noDetourPresented:
            "no detour is presented"
        case .invalidDetour(let route):
            "route '\(route)' is modal and cannot be presented as a detour; navigate to it instead"
        case .invalidUserID:
            "a user id must be 1 to 256 bytes"
        case .draftTooLarge(let form, let reason):
            "the draft of form '\(form)' was not kept: \(reason)"
        }
    }
}
