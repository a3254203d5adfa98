import FlowStore
import HTTPServer
import Navigation

/// Screen GETs — a screen's address, a tab link, a link opened at `/_open` — in three steps:
/// the session opened, what the request comes to decided as a value (``ScreenDecider``), and
/// that decision committed (``commit(_:to:now:)``, the one write a GET makes) and answered:
/// the page rendered from the committed session, a 303, or an error page.
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
        return try respond(to: request) { unit, now in
            try ScreenDecider(services: services).decide(destination, request: request, unit: unit, now: now)
        }
    }

    /// The app's own link opener (`/<app>/_open?url=…`): the link opened in the request's session.
    func openLink(_ request: HTTPRequest) throws -> HTTPResponse {
        let link = request.query("url") ?? ""
        return try respond(to: request) { unit, now in
            let opener = LinkOpener(services: services)
            return try opener.decide(opener.destination(of: link), link: link, request: request, unit: unit, now: now)
        }
    }

    /// Opens the request's session, decides with `decide`, commits and answers — all again on
    /// the newer state when another request of the session saved first.
    private func respond(to request: HTTPRequest, _ decide: (SessionUnit, Int64) throws -> ScreenDecision) throws -> HTTPResponse {
        try services.retryingConflicts {
            let now = services.clock.now()
            var unit = try services.openSession(request, now: now)
            return try answer(decide(unit, now), unit: &unit, request: request, now: now)
        }
    }

    /// Carries out `decision`: commits its move and answers with the page or a 303; a refusal is
    /// rendered as the session stands, writing nothing.
    private func answer(_ decision: ScreenDecision, unit: inout SessionUnit, request: HTTPRequest, now: Int64) throws -> HTTPResponse {
        switch decision {
        case .notFound(let message):
            throw HTTPError(.notFound, message)
        case .refuse(let message, let status):
            return try services.renderer.refusal(unit, message: message, status: status, request: request)
        case .redirect(let move):
            try commit(move, to: &unit, now: now)
            return unit.redirectToCurrentScreen(request)
        case .show(let move, let status):
            return try show(move, status: status, unit: &unit, request: request, now: now)
        }
    }

    /// Shows the screen `move` leads to, answered `status`: the move committed, the app
    /// banner's offer and how the screen moved, and — for a stranger's public page — its answer
    /// as every stranger gets it, with its counts made by its beacons on every view instead.
    private func show(_ move: ScreenDecision.Move, status: HTTPStatus, unit: inout SessionUnit, request: HTTPRequest, now: Int64) throws -> HTTPResponse {
        var move = move
        let shown = move.state
        // Only a screen shown as asked for offers the app and says how it moved; an error page does not.
        let banner = AppBanner(app: app, store: services.store)
        let offer = status == .ok ? banner.values(for: app.navigation.currentScreen(in: shown), state: shown, request: request, now: now) : .none
        // The page shows its notices once: the session keeps the state without them.
        _ = move.state.takeToasts()
        move.state.formErrors = nil
        // The banner's showing is counted; in the session's log too with an arrival the GET commits anyway.
        if offer.banner != nil {
            move.counted.append(.init(pattern: banner.pattern(of: shown), kinds: [FallbackOutcome.bannerShown.kind]))
            if unit.isStored, move.state != unit.state || !move.events.isEmpty {
                move.events.append(banner.event(.bannerShown, on: app.navigation.currentScreen(in: shown), state: shown, now: now))
            }
        }
        let publicPages = app.publicPages.flatMap { $0.admits(request, unit: unit, shown: shown, status: status, app: app) ? $0 : nil }
        let beacons = publicPages?.beacons(for: move.counted, app: app) ?? []
        if publicPages != nil { move.counted = [] }
        try commit(move, to: &unit, now: now)
        // This GET's own move, or the one the post before it committed.
        let motion = status == .ok ? unit.motion ?? shown.motion : nil
        if publicPages != nil { unit.answerPublicly() }
        let page = services.renderer.screen(unit, showing: shown, offering: offer, motion: motion, status: status, beacons: beacons, request: request)
        guard let publicPages, page.status == .ok else { return page }
        return publicPages.answer(page, to: request, variesByAgent: offer.variesByAgent)
    }

    /// The one write of a screen's GET: the session moved (nothing is written when nothing
    /// changes, nor for a visitor without a stored session), and a link's outcomes counted.
    private func commit(_ move: ScreenDecision.Move, to unit: inout SessionUnit, now: Int64) throws {
        try unit.commit(move.state, source: move.source, events: move.events, now: now)
        for counted in move.counted {
            services.linkCounters.count(app: app.app.id, pattern: counted.pattern, kinds: counted.kinds)
        }
    }
}
