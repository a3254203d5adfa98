/// The navigation engine: pure functions from a state and a command to a new state and what
/// happened, or to a ``NavigationError`` with the state untouched.
///
/// ```swift
/// let navigator = Navigator(definition)
/// switch navigator.execute(.navigate(RouteInstance("listing", ["id": "123"])), on: state) {
/// case .success(let transition): save(transition.state); log(transition.events)
/// case .failure(let error): show(error)
/// }
/// ```
public struct Navigator: Sendable {
    /// The app this navigator moves through.
    public let definition: NavigationDefinition

    /// Creates a navigator for an app.
    public init(_ definition: NavigationDefinition) {
        self.definition = definition
    }

    /// The state of a new session.
    public var initialState: NavigationState { definition.initialState }

    /// Applies `command` to `state`. Navigation is atomic: it fully succeeds, or fails with the
    /// reason and no change. A successful command may change nothing (navigating to the current
    /// screen); its events are then empty.
    public func execute(_ command: NavigationCommand, on state: NavigationState) -> Result<Transition, NavigationError> {
        var transaction = NavigationTransaction(definition: definition, state: state)
        do throws(NavigationError) {
            switch command {
            case .navigate(let route, let source): try transaction.navigate(to: route, source)
            case .navigateInContent(let route): try transaction.navigateInContent(to: route)
            case .back: try transaction.back()
            case .popUpTo(let route, let inclusive, let target, let singleTop, let source):
                try transaction.popUp(to: route, inclusive: inclusive, then: target, singleTop: singleTop, source)
            case .selectTab(let tab): try transaction.selectTab(tab, popsToRoot: true, .tabSwitch)
            case .openTab(let tab, let source): try transaction.selectTab(tab, popsToRoot: false, source)
            case .dismissModal:
                guard state.modal != nil else { throw .noModalPresented }
                transaction.dismiss(.modal, .back)
            case .presentDetour(let route, let source): try transaction.presentDetour(route, source)
            case .dismissDetour:
                guard !state.detours.isEmpty else { throw .noDetourPresented }
                transaction.dismiss(.detour, .back)
            case .changeFlow(let flow): try transaction.changeFlow(flow)
            case .resetFlow: transaction.startFlow(state.flow, .direct)
            case .signIn(let user): try transaction.signIn(userID: user)
            case .signOut(let keep): transaction.signOut(keepDestination: keep)
            }
        } catch {
            return .failure(error)
        }
        transaction.forgetDraftsOfScreensLeft()
        return .success(Transition(state: transaction.state, events: transaction.events))
    }
}

/// A successful command's outcome.
public struct Transition: Hashable, Sendable {
    /// The new state, to be saved.
    public let state: NavigationState
    /// What happened, in order.
    public let events: [NavigationEvent]
}
