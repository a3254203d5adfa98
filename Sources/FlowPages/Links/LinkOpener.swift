import FlowStore
import HTTPServer
import Navigation

/// Opens deep links (seed 000 §8, §13, §14) into a session: records `deep_link_opened`, then
/// either shows the screen (`deep_link_success`), or — for a link that is malformed, unknown,
/// names nothing, or has an expired token — the app's alert over the current screen with
/// nothing else changed (`deep_link_failure`). Every way a link arrives comes through here: a
/// typed or mailed URL of a deep-linkable screen or of a tab link, and the link openers at `/_open`.
struct LinkOpener {
    let services: AppServices
    private var app: MountedApp { services.app }

    /// The app's own opener (`/<app>/_open?url=…`): any link in any of the seeds' forms; one this
    /// app cannot open (another app's, an unknown scheme, not a URL) is an invalid link of this app.
    func openLink(_ request: HTTPRequest) throws -> HTTPResponse {
        let link = request.query("url") ?? ""
        let destination = DeepLinks.target(of: link, apps: [app.app]).flatMap { target in
            app.destination(path: Substring(target.path), query: target.query)
        }
        return try open(destination, link: link, request: request)
    }

    /// Opens `destination` (nil: a link that names nothing of this app) for the request's session.
    func open(_ destination: LinkDestination?, link: String, request: HTTPRequest) throws -> HTTPResponse {
        try services.retryingConflicts {
            let now = services.clock.now()
            return try open(destination, link: link, request: request, unit: services.openSession(request, now: now), now: now)
        }
    }

    /// Opens `destination` for a session already opened by the caller.
    func open(_ destination: LinkDestination?, link: String, request: HTTPRequest, unit: SessionUnit, now: Int64) throws -> HTTPResponse {
        var unit = unit
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
        // A link that changes nothing (opened again and again) is counted, not logged: only a
        // change of the session's state adds events, so a flood of GETs cannot fill the log.
        let changes = state != unit.state
        if unit.isStored, !changes, request.method != .head {
            services.linkCounters.count(app: app.app.id, pattern: pattern, kinds: events.map(\.kind))
        }
        let current = app.navigation.currentScreen(in: state)
        // Shown at once when the link's own URL is the screen's, so a typed link is not redirected
        // to itself; and for a visitor without a session, whose alert a redirect would lose, or
        // whose tab a redirect would lose (the tab's screen URL alone does not select it).
        let opensTab = if case .tab? = destination { true } else { false }
        // A guarded link opened by a visitor without a session shows its sign-in here (see ScreenRequests).
        let asksSignIn = if !unit.isStored, failure == nil, case .screen(let instance)? = destination { state.pendingDestination == instance } else { false }
        let rendersHere = failure == nil && destination == .screen(current) && app.urls.screen(current) == request.target
            || !unit.isStored && (failure != nil || opensTab) || asksSignIn
        // A visitor without a session is counted per link pattern, not logged; when redirected,
        // by the screen's own GET, which opens the link again.
        if !unit.isStored, rendersHere, request.method != .head {
            services.linkCounters.count(app: app.app.id, pattern: pattern, kinds: events.map(\.kind))
        }
        if asksSignIn, case .screen(let instance)? = destination {
            return try services.renderer.signInFirst(&unit, showing: state, for: instance, request: request, now: now)
        }
        // Committed once: here with the page, or before the redirect.
        if rendersHere {
            return try services.renderer.screen(&unit, showing: state, events: changes ? events : [], source: .deepLink, request: request, now: now)
        }
        try unit.commit(state, source: .deepLink, events: changes ? events : [], now: now)
        return unit.redirectToCurrentScreen(request)
    }

    /// Where `destination` leads from `unit`'s state: the state it lands on, with the event that
    /// says how (`deep_link_success`, or `deep_link_fallback` for a signed-in person's link to the
    /// auth screens), or the alert of why it cannot (an expired token, a record that is gone, a
    /// link that names nothing openable). A link away from a form with unsaved changes asks first.
    private func land(_ destination: LinkDestination?, from unit: SessionUnit, now: Int64) throws -> (state: NavigationState, outcome: EventKind?, failure: String?) {
        let state = unit.state
        guard let destination, isOpenable(destination) else { return (state, nil, WellKnownAlert.invalidLink.id) }
        if case .screen(let instance) = destination, let token = instance.parameters["token"],
           try !LinkTokens.isUsable(token, email: instance.parameters["email"], purpose: instance.name.rawValue, app: app.app.id,
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
