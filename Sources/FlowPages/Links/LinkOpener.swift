import FlowDefinition
import FlowStore
import HTTPServer
import Navigation

/// Decides how a deep link opens (seed 000 §8, §13, §14) in a session: `deep_link_opened`, then
/// either the screen (`deep_link_success`), or — for a link that is malformed, unknown, names
/// nothing, or has an expired token — the app's alert over the current screen with nothing else
/// changed (`deep_link_failure`). Every way a link arrives comes through here: a typed or mailed
/// URL of a deep-linkable screen or of a tab link, and the link openers at `/_open`. It reads and
/// never writes; ``ScreenRequests`` commits what it decides.
struct LinkOpener {
    let services: AppServices
    private var app: MountedApp { services.app }

    /// Where the app's own opener (`/<app>/_open?url=…`) leads: any link in any of the seeds'
    /// forms; nil for one this app cannot open (another app's, an unknown scheme, not a URL), an
    /// invalid link of this app.
    func destination(of link: String) -> LinkDestination? {
        DeepLinks.target(of: link, apps: [app.app]).flatMap { target in
            app.destination(path: Substring(target.path), query: target.query)
        }
    }

    /// What opening `destination` (nil: a link that names nothing of this app) does to `unit`'s session.
    func decide(_ destination: LinkDestination?, link: String, request: HTTPRequest, unit: SessionUnit, now: Int64) throws -> ScreenDecision {
        var state = unit.state
        // Recorded without its query (a link's token is a secret, not analytics), and no longer
        // than a link needs to be told apart: a stranger's 7 KB link is not kept whole.
        let link = StoredEvent.clipped(link: String(link.prefix { $0 != "?" }))
        let pattern = destination.map(countedPattern) ?? "(unknown)"
        func linkEvent(_ kind: EventKind, _ state: NavigationState) -> StoredEvent {
            var event = app.event(kind, state, source: .deepLink, at: now)
            (event.link, event.pattern) = (link, pattern)
            return event
        }
        var events = [linkEvent(.deepLinkOpened, state)]
        let landing = try land(destination, from: unit, now: now)
        state = landing.state
        if let outcome = landing.outcome { events.append(linkEvent(outcome, state)) }
        let failure = landing.failure
        if let failure {
            events.append(linkEvent(.deepLinkFailure, state))
            if app.app.alerts[failure] != nil {
                state.alert = Notice(failure)
            } else {
                state.addToast(Notice(ServerNotice.error, values: ["message": "This link is invalid or has expired."]))
            }
        }
        let changes = state != unit.state
        let current = app.navigation.currentScreen(in: state)
        // Shown at once when the link's own URL is the screen's, so a typed link is not redirected
        // to itself; and for a visitor without a session, whose alert a redirect would lose, or
        // whose tab a redirect would lose (the tab's screen URL alone does not select it).
        let opensTab = if case .tab? = destination { true } else { false }
        // A guarded link opened by a visitor without a session shows its sign-in here (see ScreenDecider).
        let asksSignIn = if !unit.isStored, failure == nil, case .screen(let instance)? = destination { state.pendingDestination == instance } else { false }
        let rendersHere = failure == nil && destination == .screen(current) && app.urls.screen(current) == request.target
            || !unit.isStored && (failure != nil || opensTab) || asksSignIn
        // A link that changes nothing (opened again and again) is counted, not logged: only a
        // change of the session's state adds events, so a flood of GETs cannot fill the log. A
        // visitor without a session is counted too; when redirected, by the screen's own GET,
        // which opens the link again.
        let counted = request.method != .head && (unit.isStored ? !changes : rendersHere)
            ? [ScreenDecision.LinkCount(pattern: pattern, kinds: events.map(\.kind))] : []
        if asksSignIn, case .screen(let instance)? = destination {
            return ScreenDecider(services: services).signInFirst(state, for: instance, counted: counted)
        }
        let move = ScreenDecision.Move(state: state, source: .deepLink, events: changes ? events : [], counted: counted)
        return rendersHere ? .show(move) : .redirect(move)
    }

    /// Where `destination` leads from `unit`'s state: the state it lands on, with the event that
    /// says how (`deep_link_success`, or `deep_link_fallback` for a signed-in person's link to the
    /// auth screens), or the alert of why it cannot (an expired token, a record that is gone, a
    /// link that names nothing openable). A link away from a form with unsaved changes asks first.
    private func land(_ destination: LinkDestination?, from unit: SessionUnit, now: Int64) throws -> (state: NavigationState, outcome: EventKind?, failure: String?) {
        let state = unit.state
        guard let destination, isOpenable(destination) else { return (state, nil, WellKnownAlert.invalidLink.id) }
        if case .screen(let instance) = destination, let token = instance.parameters["token"],
           try !LinkTokens.isUsable(token, email: instance.parameters["email"], purpose: EffectPurpose(rawValue: instance.name.rawValue), app: app.app.id,
                                    fixtures: app.fixtures, reads: services.store.accounts, now: now) {
            let expired = WellKnownAlert.expiredLink(instance.name.rawValue)
            return (state, nil, app.app.alerts[expired] != nil ? expired : WellKnownAlert.invalidLink.id)
        }
        if case .screen(let instance) = destination, try !services.data(for: unit).exists(instance) {
            // realityportal://listing/999999: a link to a record that does not exist.
            return (state, nil, WellKnownAlert.invalidLink.id)
        }
        switch app.following(destination, from: state, source: .deepLink) {
        case .success(var landed):
            let unsaved = UnsavedChanges(app: app)
            if let left = try unsaved.left(from: state, to: landed, data: services.data(for: unit)) {
                // A link away from a form with unsaved changes asks first; "Discard" follows it.
                return (unsaved.hold(.link(url: app.url(of: destination)), by: left.guard, on: state), nil, nil)
            }
            // A link that opens answers an earlier link's alert, unless only its buttons may.
            if let alert = landed.alert, app.app.alerts[alert.name]?.isDismissible != false { landed.alert = nil }
            return (landed, .deepLinkSuccess, nil)
        case .failure(.inactiveFlow) where state.userID != nil:
            // Signed in, a link to the auth screens: the Main App stays (DECISIONS 1).
            return (state, .deepLinkFallback, nil)
        case .failure:
            return (state, nil, WellKnownAlert.invalidLink.id)
        }
    }

    /// Whether a link may lead there: a deep-linkable screen whose parameters fit, or a tab link.
    private func isOpenable(_ destination: LinkDestination) -> Bool {
        switch destination {
        case .screen(let instance):
            app.navigation.route(instance.name)?.isDeepLinkable == true && (try? app.navigation.check(instance)) != nil
        case .tab:
            true
        }
    }

    /// The pattern a link is counted under: its route's path, or the tab link's.
    private func countedPattern(_ destination: LinkDestination) -> String {
        switch destination {
        case .screen(let instance): app.navigation.route(instance.name)?.path ?? "(unknown)"
        case .tab(_, let path): path
        }
    }
}
