/// Something a person or the app asks of the navigation.
public enum NavigationCommand: Hashable, Sendable {
    /// Show `route` from wherever the session is, by the engine's rules: already there is a
    /// no-op; lower in the visible stack pops back to it; crossing a modal or detours dismisses them;
    /// another tab's route switches tabs; a guarded route while signed out goes to sign-in.
    case navigate(RouteInstance, source: NavigationSource = .direct)
    /// Navigate from inside a screen's content (a button on the page), as ``navigate(_:source:)``
    /// does, except that a route only another tab owns leaves the source tab popped to its root:
    /// moving across coordinators cleans the state it leaves unless presented as a detour (004
    /// Notes), here the tab left behind.
    case navigateInContent(RouteInstance)
    /// Pop the visible stack; at the root of a modal or detour, dismiss it.
    case back
    /// Navigate as an Android graph's action does: first back to the last screen of `popUpTo`
    /// (through the detours and the modal above it), keeping that screen or (`inclusive`)
    /// removing it too, then to `then` by ``navigate(_:source:)``. A route not shown pops
    /// nothing. Popping a stack's root leaves it (a browser cannot leave the app), but a screen
    /// navigated to next on that stack becomes its only screen, as on Android nothing is left
    /// beneath it. With `singleTop`, a screen of the same route on top is replaced by `then`
    /// rather than covered by a second one (`launchSingleTop`).
    case popUpTo(RouteName?, inclusive: Bool, then: RouteInstance?, singleTop: Bool = false, source: NavigationSource = .direct)
    /// Select a tab, keeping every tab's stack; selecting the current tab pops it to its root.
    case selectTab(CoordinatorID)
    /// Select a tab as a tab link does (`coinapp://tab/projects`): its stack as it is, even when
    /// it is already selected, dismissing any modal and detours.
    case openTab(CoordinatorID, source: NavigationSource = .deepLink)
    /// Dismiss the presented modal (and every detour over it).
    case dismissModal
    /// Show `route` over the current context, which Back returns to exactly as it was.
    /// A detour presented over a detour stacks on it; Back at its root shows the one beneath. A
    /// route already shown in a detour is gone back to instead; more than
    /// ``NavigationTransaction/maximumDetours`` are refused.
    case presentDetour(RouteInstance, source: NavigationSource = .direct)
    /// Dismiss the top detour, showing what it covered.
    case dismissDetour
    /// Start `flow` fresh, discarding the old flow's stacks, modal and detours.
    case changeFlow(CoordinatorID)
    /// Start the current flow (or the whole tree, without flows) fresh.
    case resetFlow
    /// Record the signed-in user, enter the signed-in flow and resume the pending destination once.
    /// A destination that cannot be reached is dropped, and the sign-in ends as one without it.
    case signIn(userID: String)
    /// Forget the user and drafts and enter the signed-out flow (or, without one, start the
    /// current flow fresh). With `keepDestination` a current screen that requires sign-in becomes
    /// the pending destination, as when a session expires.
    case signOut(keepDestination: Bool = false)
}
