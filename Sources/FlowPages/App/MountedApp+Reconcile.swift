import Navigation

/// The page a post came from, reconciled with the session as it stands: what every post handler
/// asks before it decides (actions, the banner's code), so it is the app's, not one handler's.
extension MountedApp {
    /// ``reconciled(_:posted:isStored:)``, and for a visitor without a session what its GET worked
    /// out beyond the page's URL, as the form carries it: the Invalid Link alert it showed
    /// (`alert`), or the sign-in a guard showed them for the guarded address (`then`), signing in
    /// then leading there. Only a screen of this app that needs sign-in, and whose sign-in is the
    /// page posted from, is honoured.
    func reconciled(_ state: NavigationState, posted: String?, then: String?, alert: String?, isStored: Bool) -> NavigationState? {
        // The Invalid Link alert a visitor's GET showed over the screen (a typed address naming
        // nothing): what any visitor may be shown, so its forms carrying it is enough.
        if !isStored, alert == WellKnownAlert.invalidLink.id, app.alerts[WellKnownAlert.invalidLink.id] != nil,
           var shown = reconciled(state, posted: posted, isStored: isStored), shown.alert == nil {
            shown.alert = Notice(WellKnownAlert.invalidLink.id)
            return shown
        }
        if !isStored, let then, let guarded = screen(at: then), navigation.requiresSignIn(guarded.name),
           case .success(let landed) = following(.screen(guarded), from: state, source: .direct), landed.pendingDestination == guarded,
           posted == urls.screen(navigation.currentScreen(in: landed)) {
            return landed
        }
        return reconciled(state, posted: posted, isStored: isStored)
    }

    /// The state showing the screen the form was posted from, or nil when that page is no
    /// longer part of the session. A visitor's first post comes from a screen worked out from
    /// its URL alone: it is worked out again here, as its GET did.
    func reconciled(_ state: NavigationState, posted: String?, isStored: Bool) -> NavigationState? {
        guard let posted, posted != urls.screen(navigation.currentScreen(in: state)) else { return state }
        guard let screen = screen(at: posted), !isStored || isStillShown(screen, in: state) else { return nil }
        // Worked out as the page's own GET did: as a link to it.
        guard case .success(let landed) = following(.screen(screen), from: state, source: .direct) else { return nil }
        return navigation.currentScreen(in: landed) == screen ? landed : nil
    }
}
