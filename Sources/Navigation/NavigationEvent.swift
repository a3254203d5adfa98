/// One thing that happened during a navigation, with what set it off.
public struct NavigationEvent: Hashable, Sendable {
    /// What changed.
    public enum Change: Hashable, Sendable {
        case pushed(RouteInstance)
        /// Screens taken off a stack, top first, down to `to`.
        case popped([RouteInstance], to: RouteInstance)
        case replaced(RouteInstance, with: RouteInstance)
        case presented(RouteInstance, style: ModalStyle)
        /// A modal dismissed; `revealing` is the screen now shown.
        case dismissed(RouteInstance, revealing: RouteInstance)
        case detourPresented(RouteInstance)
        case detourDismissed(RouteInstance, revealing: RouteInstance)
        case tabSwitched(from: CoordinatorID, to: CoordinatorID)
        case flowChanged(from: CoordinatorID?, to: CoordinatorID?)
        /// A guard sent the person to sign in; `destination` is kept as the pending destination.
        case guardRedirected(destination: RouteInstance, signIn: RouteInstance)
        case signedIn(userID: String)
        case signedOut
        case destinationResumed(RouteInstance)
        /// The pending destination could not be reached after sign-in and was dropped.
        case destinationDropped(RouteInstance, reason: NavigationError)
    }

    /// What changed.
    public var change: Change
    /// What set the change off.
    public var source: NavigationSource

    /// Creates an event.
    public init(_ change: Change, source: NavigationSource) {
        self.change = change
        self.source = source
    }
}
