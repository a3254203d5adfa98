/// One thing that happened during a navigation, with what set it off.
public struct NavigationEvent: Hashable, Sendable {
    /// What changed.
    public enum Change: Hashable, Sendable {
        /// A screen pushed onto the visible stack.
        case pushed(RouteInstance)
        /// Screens taken off a stack, top first, down to `to`.
        case popped([RouteInstance], to: RouteInstance)
        /// The top screen replaced, or the whole stack replaced by one screen.
        case replaced(RouteInstance, with: RouteInstance)
        /// A modal presented, fresh, at this route.
        case presented(RouteInstance, style: ModalStyle)
        /// A modal dismissed; `revealing` is the screen now shown.
        case dismissed(RouteInstance, revealing: RouteInstance)
        /// A detour presented over the current context.
        case detourPresented(RouteInstance)
        /// A detour dismissed; `revealing` is the screen now shown.
        case detourDismissed(RouteInstance, revealing: RouteInstance)
        /// Another tab selected; every tab keeps its stack.
        case tabSwitched(from: CoordinatorID, to: CoordinatorID)
        /// A flow started fresh (nil for an app without flows, which restarts whole).
        case flowChanged(from: CoordinatorID?, to: CoordinatorID?)
        /// A guard sent the person to sign in; `destination` is kept as the pending destination.
        case guardRedirected(destination: RouteInstance, signIn: RouteInstance)
        /// A user signed in.
        case signedIn(userID: String)
        /// The user signed out.
        case signedOut
        /// The pending destination is being shown after sign-in.
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
