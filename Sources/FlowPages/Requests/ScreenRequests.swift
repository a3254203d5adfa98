import Foundation
import HTTPServer
import Navigation

/// Screen GETs: a URL names a screen, and showing it navigates there by the engine's rules
/// (DECISIONS 1), then renders it — or answers 303 when the engine lands elsewhere.
struct ScreenRequests {
    let services: AppServices
    private var app: MountedApp { services.app }

    /// The app's entry: wherever the session is (a new one at the app's start); or the screen
    /// whose URL is the entry, since redirecting to it would lead back here.
    func entry(_ request: HTTPRequest) throws -> HTTPResponse {
        if app.hasRootScreen { return try screen(request, path: "/") }
        let unit = try services.openSession(request, now: services.clock.now())
        return unit.redirectToCurrentScreen(request)
    }

    /// The screen at `path` (raw, below the app's prefix), or 404.
    func screen(_ request: HTTPRequest, path: String) throws -> HTTPResponse {
        let query = Dictionary(request.query.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
        guard let destination = app.destination(path: path.isEmpty ? "/" : Substring(path), query: query) else {
            throw HTTPError(.notFound, "\(app.app.title) has no screen at \(request.path).")
        }
        // RFC 9110 §15.5.6: a screen is only read; what changes it is posted to /_action/{id} and the like.
        guard request.method == .get || request.method == .head else {
            throw HTTPError(.methodNotAllowed, "Screens are read with GET; forms post to the app's actions.", headers: HTTPHeaders([("Allow", "GET, HEAD")]))
        }
        switch destination {
        case .screen(let instance):
            return try services.retryingConflicts { try show(instance, request: request) }
        case .tab:
            // A tab link's address (https://<host>/tab/projects) is always a link arriving.
            return try LinkOpener(services: services).open(destination, link: request.path, request: request)
        }
    }

    private func show(_ instance: RouteInstance, request: HTTPRequest) throws -> HTTPResponse {
        let now = services.clock.now()
        var unit = try services.openSession(request, now: now)
        // /listing/999999: an address that names nothing. The session stays where it was.
        guard try services.data(for: unit).exists(instance) else {
            return try services.renderer.notFound(&unit, request: request, now: now)
        }
        // A link from outside (a mail, another app, the address bar) to a screen the session is
        // not on is a deep link; a reload of the screen one is on is not. For a visitor without
        // a session every such GET is how a link arrives (the link opener redirects here).
        let fromOutside = !unit.hasCookie || Self.isArrivingFromOutside(request)
        if app.navigation.route(instance.name)?.isDeepLinkable == true, fromOutside || !unit.isStored,
           instance != app.navigation.currentScreen(in: unit.state) {
            return try LinkOpener(services: services).open(.screen(instance), link: request.path, request: request, unit: unit, now: now)
        }
        // A modal is presented by an action (a prompt after sign-in, a success screen); the
        // browser's Back or Forward onto its URL, or onto a later step of it, once it is gone
        // shows where the session is instead of presenting it again. Open modals and deep
        // links still answer their URLs.
        if app.navigation.isShownInModal(instance.name),
           !app.navigation.screen(in: unit.state).breadcrumbs.contains(where: { $0.route == instance }) {
            return unit.redirectToCurrentScreen(request)
        }
        var (landed, source) = (unit.state, NavigationSource.direct)
        switch app.navigator.execute(.navigate(instance, source: .direct), on: app.openingBeneath(instance, from: unit.state)) {
        case .success(let transition):
            // The browser's Back or an address typed, away from a form with unsaved changes: ask first.
            let unsaved = UnsavedChanges(app: app)
            if let left = try unsaved.left(from: unit.state, to: transition.state, data: services.data(for: unit)) {
                try unit.commit(unsaved.hold(.screen(url: app.urls.screen(instance)), by: left.guard, on: unit.state), source: .direct, now: now)
                return unit.redirectToCurrentScreen(request)
            }
            (landed, source) = (transition.state, transition.events.last?.source ?? .direct)
        case .failure(.missingParameter(let route, let parameter)) where !app.urls.isInPath(parameter, of: route):
            // The path names a screen; what its query leaves out is said on the screen one is on.
            return try services.renderer.refusal(unit, message: "\(app.spokenName(route)) could not be shown: the address has no \(parameter).",
                                                 status: .badRequest, request: request)
        case .failure(.invalidParameter(let route, let parameter, let reason)) where !app.urls.isInPath(parameter, of: route):
            let fault = reason.hasPrefix("does ") ? reason : "is " + reason
            return try services.renderer.refusal(unit, message: "\(app.spokenName(route)) could not be shown: the address’s \(parameter) \(fault).",
                                                 status: .badRequest, request: request)
        case .failure(.unknownRoute), .failure(.missingParameter), .failure(.invalidParameter), .failure(.unknownParameter):
            throw HTTPError(.notFound, "\(app.app.title) has no screen at \(request.path).")
        case .failure:
            // A route of another flow, a full stack: stay where the session is.
            break
        }
        guard app.navigation.currentScreen(in: landed) == instance else {
            // A visitor without a session is shown the sign-in the guard asks for, here: a redirect
            // to it would lose where they were going, as nothing is stored before their first post.
            if !unit.isStored, landed.pendingDestination == instance {
                return try services.renderer.signInFirst(&unit, showing: landed, for: instance, request: request, now: now)
            }
            try unit.commit(landed, source: source, now: now)
            return unit.redirectToCurrentScreen(request)
        }
        return try services.renderer.screen(&unit, showing: landed, source: source, request: request, now: now)
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
