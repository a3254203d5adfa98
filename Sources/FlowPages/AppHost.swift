import FlowDefinition
import Foundation
import HTMLTemplate
import HTTPServer
import Navigation
import SQLiteStore

/// One app, mounted: its definition, templates and sessions, answering its screens and posts.
public struct AppHost: Sendable {
    public let app: AppDefinition
    let templates: TemplateSet
    let navigator: Navigator
    public let urls: AppURLs
    let model: PageModel
    let sessions: SessionStore
    let events: EventStore
    let outbox: OutboxStore
    let backend: PrototypeBackend
    /// Where deep links opened by visitors without a session are counted.
    let linkCounters: LinkCounters
    /// Whether the prototype's aids are on: the toolbar, the dev mailbox, the event log page
    /// and the fixtures. Off for an app serving real people, such as deep-link fallback pages.
    let isPrototype: Bool
    /// The origins posts may come from besides the request's own.
    let origins: OriginPolicy
    /// Whether a route's URL is the app's entry (`path="/"`): the entry then shows that screen,
    /// since a redirect to where the session is could lead back to the entry itself.
    let hasRootScreen: Bool
    /// The session cookie's name, one per app. Its path is `/`, so the link opener at `/_open`
    /// reaches the same session.
    var cookieName: String { "fp_" + app.id }

    /// Mounts `app` under `prefix` ("" for the root of a host of its own). As a prototype, its
    /// fixture accounts are created in the database if missing. `linkCounters` counts the deep
    /// links of visitors without a session (whoever owns it flushes it); `origins` names the
    /// origins posts may come from besides the request's own (a Host-rewriting proxy's address).
    public init(
        app: AppDefinition, templates: TemplateSet, prefix: String, database: Database,
        linkCounters: LinkCounters, prototype: Bool = true, passwordHasher: PasswordHasher = .recommended,
        origins: OriginPolicy = OriginPolicy()
    ) throws {
        self.isPrototype = prototype
        self.origins = origins
        self.linkCounters = linkCounters
        self.hasRootScreen = app.navigation.routes.contains { $0.path == "/" }
        self.app = app
        self.templates = templates
        self.navigator = Navigator(app.navigation)
        self.urls = AppURLs(prefix: prefix, navigation: app.navigation)
        self.model = PageModel(app: app, urls: urls, prototype: prototype)
        self.sessions = SessionStore(database: database)
        self.events = EventStore(database: database)
        self.outbox = OutboxStore(database: database)
        let accounts = AccountStore(database: database, hasher: passwordHasher)
        let fixtures = prototype ? app.fixtures : .none
        self.backend = PrototypeBackend(app: app, fixtures: fixtures, accounts: accounts, outbox: outbox, navigator: navigator, isPrototype: prototype)
        // Marked whatever the mode, so a database seeded before fixtures were marked cannot sign
        // them in once the prototype is off.
        try accounts.markFixtures(app: app.id, emails: app.fixtures.accounts.map(\.email))
        try FixtureSeeder(accounts: accounts).seed(app: app.id, fixtures.accounts.map {
            FixtureSeeder.FixtureAccount(email: $0.email, password: $0.password, profile: $0.profile, verified: $0.verified)
        })
    }

    /// Answers a request whose path is under this app's prefix; `path` is the rest, raw.
    public func respond(to request: HTTPRequest, path: String) throws -> HTTPResponse {
        if request.method == .post {
            return try post(request, path: path)
        }
        guard request.method == .get || request.method == .head else {
            throw HTTPError(.methodNotAllowed, "Screens are read with GET and changed with POST.", headers: HTTPHeaders([("Allow", "GET, HEAD, POST")]))
        }
        switch path {
        case "/_mailbox" where isPrototype: return try mailbox(request)
        case "/_events" where isPrototype: return try eventLog(request)
        case "", "/" where !hasRootScreen:
            // The app's entry, its gate: wherever the session is (a new one at the app's start).
            let visit = try Visit.open(request, host: self)
            return visit.redirectToCurrentScreen(host: self, request: request)
        default: break
        }
        let query = Dictionary(request.query.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
        guard let instance = app.navigation.routeInstance(path: path.isEmpty ? "/" : Substring(path), query: query) else {
            throw HTTPError(.notFound, "\(app.title) has no screen at \(request.path).")
        }
        return try show(instance, request: request)
    }

    /// A screen GET: navigates there by the engine's rules, then renders it, or answers 303 when
    /// the engine lands elsewhere (a guard, an inactive flow, a parameter it refuses).
    func show(_ instance: RouteInstance, request: HTTPRequest) throws -> HTTPResponse {
        try retryingConflicts { try showOnce(instance, request: request) }
    }

    private func showOnce(_ instance: RouteInstance, request: HTTPRequest) throws -> HTTPResponse {
        var visit = try Visit.open(request, host: self)
        // A link from outside (a mail, another app, the address bar) to a screen the session is
        // not on is a deep link; a reload of the screen one is on is not.
        if app.navigation.route(instance.name)?.isDeepLinkable == true, isArrivingFromOutside(request),
           instance != app.navigation.currentScreen(in: visit.state) {
            return try open(instance, link: request.path, request: request)
        }
        // A modal is presented by an action (a prompt after sign-in, a success screen); the
        // browser's Back or Forward onto its URL once it is gone shows where the session is
        // instead of presenting it again. Open modals and deep links still answer their URLs.
        if case .modal = app.navigation.route(instance.name)?.presentation,
           !app.navigation.screen(in: visit.state).breadcrumbs.contains(where: { $0.route == instance }) {
            return visit.redirectToCurrentScreen(host: self, request: request)
        }
        switch navigator.execute(.navigate(instance, source: .direct), on: visit.state) {
        case .success(let transition):
            try visit.commit(transition.state, source: transition.events.last?.source ?? .direct, host: self)
        case .failure(.unknownRoute), .failure(.missingParameter), .failure(.invalidParameter), .failure(.unknownParameter):
            throw HTTPError(.notFound, "\(app.title) has no screen at \(request.path).")
        case .failure:
            // A route of another flow, a full stack: stay where the session is.
            break
        }
        guard app.navigation.currentScreen(in: visit.state) == instance else {
            return visit.redirectToCurrentScreen(host: self, request: request)
        }
        return try render(&visit, request: request)
    }

    /// Opens a deep link (seed 000 §8, §13, §14): records `deep_link_opened`, then either shows
    /// the screen (`deep_link_success`) or, for a link that is malformed, unknown or expired,
    /// the app's alert over the current screen with nothing else changed (`deep_link_failure`).
    func open(_ instance: RouteInstance?, link: String, request: HTTPRequest) throws -> HTTPResponse {
        try retryingConflicts { try openOnce(instance, link: link, request: request) }
    }

    private func openOnce(_ instance: RouteInstance?, link: String, request: HTTPRequest) throws -> HTTPResponse {
        var visit = try Visit.open(request, host: self)
        var state = visit.state
        // Recorded without its query: a link's token is a secret, not analytics.
        let link = String(link.prefix { $0 != "?" })
        var events = [event("deep_link_opened", state, source: .deepLink, detail: link)]
        var failure: String?
        if let instance, app.navigation.route(instance.name)?.isDeepLinkable == true, (try? app.navigation.check(instance)) != nil {
            if let token = instance.parameters["token"],
               try !backend.isUsable(token: token, email: instance.parameters["email"], purpose: instance.name.rawValue) {
                failure = app.alerts[instance.name.rawValue + "-expired"] != nil ? instance.name.rawValue + "-expired" : "invalid-link"
            } else {
                switch navigator.execute(.navigate(instance, source: .deepLink), on: state) {
                case .success(let transition):
                    state = transition.state
                    events.append(event("deep_link_success", state, source: .deepLink, detail: link))
                case .failure(.inactiveFlow(_, let flow, _)) where state.userID == nil:
                    // A signed-out person's link into another signed-out flow (onboarding → a
                    // registration link): the link decides, as the app would on a first launch.
                    state = try run(.changeFlow(flow), on: state)
                    state = try run(.navigate(instance, source: .deepLink), on: state)
                    events.append(event("deep_link_success", state, source: .deepLink, detail: link))
                case .failure(.inactiveFlow):
                    // Signed in, a link to the auth screens: the Main App stays (DECISIONS 1).
                    events.append(event("deep_link_fallback", state, source: .deepLink, detail: link))
                case .failure:
                    failure = "invalid-link"
                }
            }
        } else {
            failure = "invalid-link"
        }
        if let failure {
            events.append(event("deep_link_failure", state, source: .deepLink, detail: link))
            if app.alerts[failure] != nil { state.alert = Notice(failure) }
        }
        try visit.commit(state, source: .deepLink, host: self, events: events)
        let current = app.navigation.currentScreen(in: visit.state)
        // Shown at once when the link's own URL is the screen's, so a typed link is not redirected
        // to itself; and for a visitor without a session, whose alert a redirect would lose.
        let rendersHere = failure == nil && current == instance && urls.screen(current) == request.target || failure != nil && !visit.isStored
        // A visitor without a session is counted per link pattern, not logged; when redirected,
        // by the screen's own GET, which opens the link again.
        if !visit.isStored, rendersHere, request.method != .head {
            let pattern = instance.flatMap { app.navigation.route($0.name)?.path } ?? "(unknown)"
            linkCounters.count(app: app.id, pattern: pattern, kinds: events.map(\.kind))
        }
        if rendersHere {
            return try render(&visit, request: request)
        }
        return visit.redirectToCurrentScreen(host: self, request: request)
    }

    /// A GET that did not come from one of this server's own pages: typed, bookmarked, or a link
    /// in a mail or another app — how a deep link arrives.
    private func isArrivingFromOutside(_ request: HTTPRequest) -> Bool {
        guard let referer = request.headers["Referer"], let host = request.headers["Host"] else { return true }
        return URLComponents(string: referer).map { components in
            components.host.map { $0 + (components.port.map { ":\($0)" } ?? "") } != host
        } ?? true
    }

    /// Renders the session's current screen, `Cache-Control: no-store`; toasts and form errors
    /// are shown once.
    func render(_ visit: inout Visit, request: HTTPRequest) throws -> HTTPResponse {
        let current = app.navigation.currentScreen(in: visit.state)
        let context = model.context(for: visit.state, csrfToken: visit.csrfToken)
        let body: [UInt8]
        do {
            body = try templates.renderBytes(app.templates[current.name] ?? "", context)
        } catch {
            throw HTTPError(.internalServerError, "The screen could not be shown.")
        }
        if !visit.state.toasts.isEmpty || visit.state.formErrors != nil {
            _ = visit.state.takeToasts()
            visit.state.formErrors = nil
            try visit.saveQuietly(host: self)
        }
        var response = HTTPResponse(.ok, headers: HTTPHeaders([("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-store")]), body: body)
        response = visit.finish(response, host: self, request: request)
        return response
    }
}
