import FlowStore
import Foundation
import HTTPServer
import Navigation

/// Decides a screen's GET: from the request, the session, the app's definition and its data to
/// a ``ScreenDecision``. It reads (whether a record exists, a form's saved values, a link's
/// token) and never writes: showing a screen navigates there by the engine's rules (DECISIONS 1),
/// a link from outside opens as a deep link (``LinkOpener``), and leaving a form with unsaved
/// changes asks first.
struct ScreenDecider {
    let services: AppServices
    private var app: MountedApp { services.app }

    /// What showing `destination`, the address of `request`, does to `unit`'s session.
    func decide(_ destination: LinkDestination, request: HTTPRequest, unit: SessionUnit, now: Int64) throws -> ScreenDecision {
        guard case .screen(let instance) = destination else {
            // A tab link's address (https://<host>/tab/projects) is always a link arriving.
            return try LinkOpener(services: services).decide(destination, link: request.path, request: request, unit: unit, now: now)
        }
        // /listing/999999: an address that names nothing. The session stays where it was.
        guard try services.data(for: unit).exists(instance) else { return notFound(unit) }
        // A link from outside (a mail, another app, the address bar) to a screen the session is
        // not on is a deep link; a reload of the screen one is on is not. For a visitor without
        // a session every such GET is how a link arrives (the link opener redirects here).
        let fromOutside = !unit.hasCookie || Self.isArrivingFromOutside(request)
        if app.navigation.route(instance.name)?.isDeepLinkable == true, fromOutside || !unit.isStored,
           instance != app.navigation.currentScreen(in: unit.state) {
            return try LinkOpener(services: services).decide(destination, link: request.path, request: request, unit: unit, now: now)
        }
        // A modal is presented by an action (a prompt after sign-in, a success screen); the
        // browser's Back or Forward onto its URL, or onto a later step of it, once it is gone
        // shows where the session is instead of presenting it again. Open modals and deep
        // links still answer their URLs.
        if app.navigation.isShownInModal(instance.name),
           !app.navigation.screen(in: unit.state).breadcrumbs.contains(where: { $0.route == instance }) {
            return .redirect(.init(state: unit.state))
        }
        return try navigate(to: instance, request: request, unit: unit)
    }

    /// The screen `instance` navigated to as the engine does for a direct navigation: shown,
    /// held for unsaved changes, refused for what its address lacks, or where the engine landed.
    private func navigate(to instance: RouteInstance, request: HTTPRequest, unit: SessionUnit) throws -> ScreenDecision {
        var (landed, source) = (unit.state, NavigationSource.direct)
        switch app.navigator.execute(.navigate(instance, source: .direct), on: app.openingBeneath(instance, from: unit.state)) {
        case .success(let transition):
            // The browser's Back or an address typed, away from a form with unsaved changes: ask first.
            let unsaved = UnsavedChanges(app: app)
            if let left = try unsaved.left(from: unit.state, to: transition.state, data: services.data(for: unit)) {
                return .redirect(.init(state: unsaved.hold(.screen(url: app.urls.screen(instance)), by: left.guard, on: unit.state)))
            }
            (landed, source) = (transition.state, transition.events.last?.source ?? .direct)
        case .failure(.missingParameter(let route, let parameter)) where !app.urls.isInPath(parameter, of: route):
            // The path names a screen; what its query leaves out is said on the screen one is on.
            return .refuse(message: "\(app.spokenName(route)) could not be shown: the address has no \(parameter).", status: .badRequest)
        case .failure(.invalidParameter(let route, let parameter, let reason)) where !app.urls.isInPath(parameter, of: route):
            let fault = reason.hasPrefix("does ") ? reason : "is " + reason
            return .refuse(message: "\(app.spokenName(route)) could not be shown: the address’s \(parameter) \(fault).", status: .badRequest)
        case .failure(.unknownRoute), .failure(.missingParameter), .failure(.invalidParameter), .failure(.unknownParameter):
            return .notFound(message: "\(app.app.title) has no screen at \(request.path).")
        case .failure:
            // A route of another flow, a full stack: stay where the session is.
            break
        }
        guard app.navigation.currentScreen(in: landed) == instance else {
            // A visitor without a session is shown the sign-in the guard asks for, here: a redirect
            // to it would lose where they were going, as nothing is stored before their first post.
            if !unit.isStored, landed.pendingDestination == instance { return signInFirst(landed, for: instance) }
            return .redirect(.init(state: landed, source: source))
        }
        return .show(.init(state: landed, source: source))
    }

    /// The session's current screen with the app's Invalid Link alert over it (or a toast saying
    /// so), 404: a typed URL naming a record that does not exist. The alert is kept over the
    /// screen, as a link that names nothing keeps it, so its buttons answer it (for a visitor
    /// without a session, whose state is not stored, its forms carry it).
    private func notFound(_ unit: SessionUnit) -> ScreenDecision {
        guard app.app.alerts[WellKnownAlert.invalidLink.id] != nil else {
            return .refuse(message: "That page does not exist: nothing has that address.", status: .notFound)
        }
        var state = unit.state
        state.alert = Notice(WellKnownAlert.invalidLink.id)
        return .show(.init(state: state), status: .notFound)
    }

    /// The sign-in a guard asks for before `instance`, for a visitor without a session: shown at
    /// the address they asked for, with a line saying why; its forms carry where signing in leads
    /// (`then`), as nothing is stored before their first post.
    func signInFirst(_ state: NavigationState, for instance: RouteInstance, counted: [ScreenDecision.LinkCount] = []) -> ScreenDecision {
        var shown = state
        shown.addToast(Notice(ServerNotice.message, values: ["message": "Sign in to see \(app.spokenName(instance.name))."]))
        return .show(.init(state: shown, counted: counted))
    }

    /// A GET that did not come from one of this server's own pages: typed, bookmarked, or a link
    /// in a mail or another app — how a deep link arrives.
    static func isArrivingFromOutside(_ request: HTTPRequest) -> Bool {
        // Fetch Metadata, which browsers send even where the Referer is withheld.
        if let site = request.headers["Sec-Fetch-Site"] { return site != "same-origin" }
        guard let referer = request.headers["Referer"], let host = request.headers["Host"] else { return true }
        return URLComponents(string: referer).map { components in
            components.host.map { $0 + (components.port.map { ":\($0)" } ?? "") } != host
        } ?? true
    }
}
