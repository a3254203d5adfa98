/// Why a navigation command was refused. The state is then exactly as it was.
public enum NavigationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No route has this name.
    case unknownRoute(RouteName)
    /// A required parameter has no value.
    case missingParameter(RouteName, parameter: String)
    /// A value is empty, too long, of the wrong kind or off its pattern.
    case invalidParameter(RouteName, parameter: String, reason: String)
    /// A value for a parameter the route does not take.
    case unknownParameter(RouteName, parameter: String)
    /// No tab has this identifier.
    case unknownTab(CoordinatorID)
    /// No flow of the root has this identifier.
    case unknownFlow(CoordinatorID)
    /// The route (or tab, when nil) lives in a flow that is not active; only a flow change enters it.
    case inactiveFlow(RouteName?, flow: CoordinatorID, active: CoordinatorID?)
    /// A push would put more screens on the stack than its limit.
    case depthLimitExceeded(CoordinatorID, limit: Int)
    /// Presenting another detour over ``NavigationTransaction/maximumDetours`` of them.
    case detourLimitExceeded(limit: Int)
    /// Back at a root of the tree.
    case nothingToGoBackTo(RouteInstance)
    /// Dismissing a modal when none is shown.
    case noModalPresented
    /// Dismissing a detour when none is shown.
    case noDetourPresented
    /// A modal route asked for as a detour.
    case invalidDetour(RouteName)
    /// A user id that is empty or longer than 256 bytes.
    case invalidUserID
    /// A form draft over one of the draft limits.
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
        case .detourLimitExceeded(let limit):
            "\(limit) detours are shown already; go back before presenting another"
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
