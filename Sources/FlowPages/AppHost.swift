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
    /// The session cookie's name, one per app.
    var cookieName: String { "fp_" + app.id }

    public init(app: AppDefinition, templates: TemplateSet, prefix: String, database: Database) {
        self.app = app
        self.templates = templates
        self.navigator = Navigator(app.navigation)
        self.urls = AppURLs(prefix: prefix, navigation: app.navigation)
        self.model = PageModel(app: app, urls: urls)
        self.sessions = SessionStore(database: database)
        self.events = EventStore(database: database)
    }

    /// Answers a request whose path is under this app's prefix; `path` is the rest, raw.
    public func respond(to request: HTTPRequest, path: String) throws -> HTTPResponse {
        if request.method == .post {
            return try post(request, path: path)
        }
        guard request.method == .get || request.method == .head else {
            throw HTTPError(.methodNotAllowed, "Screens are read with GET and changed with POST.", headers: HTTPHeaders([("Allow", "GET, HEAD, POST")]))
        }
        let query = Dictionary(request.query.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
        guard let instance = app.navigation.routeInstance(path: Substring(path.isEmpty ? "/" : path), query: query) else {
            guard path.isEmpty || path == "/" else { throw HTTPError(.notFound, "\(app.title) has no screen at \(request.path).") }
            // The app's entry: wherever the session is (a new one starts at the app's start).
            let visit = try Visit.open(request, host: self)
            return visit.finish(.redirect(to: urls.screen(app.navigation.currentScreen(in: visit.state))), host: self, request: request)
        }
        return try show(instance, request: request)
    }

    /// A screen GET: navigates there by the engine's rules, then renders it, or answers 303 when
    /// the engine lands elsewhere (a guard, an inactive flow, a parameter it refuses).
    func show(_ instance: RouteInstance, request: HTTPRequest) throws -> HTTPResponse {
        var visit = try Visit.open(request, host: self)
        switch navigator.execute(.navigate(instance, source: .direct), on: visit.state) {
        case .success(let transition):
            try visit.commit(transition.state, source: transition.events.last?.source ?? .direct, host: self)
        case .failure(.unknownRoute), .failure(.missingParameter), .failure(.invalidParameter), .failure(.unknownParameter):
            throw HTTPError(.notFound, "\(app.title) has no screen at \(request.path).")
        case .failure:
            // A route of another flow, a full stack: stay where the session is.
            break
        }
        let current = app.navigation.currentScreen(in: visit.state)
        guard current == instance else {
            return visit.finish(HTTPResponse.redirect(to: urls.screen(current)), host: self, request: request)
        }
        return try render(&visit, request: request)
    }

    /// Renders the session's current screen, `Cache-Control: no-store`; toasts are shown once.
    func render(_ visit: inout Visit, request: HTTPRequest) throws -> HTTPResponse {
        let current = app.navigation.currentScreen(in: visit.state)
        let context = model.context(for: visit.state, csrfToken: visit.csrfToken)
        let body: [UInt8]
        do {
            body = try templates.renderBytes(app.templates[current.name] ?? "", context)
        } catch {
            throw HTTPError(.internalServerError, "The screen could not be shown.")
        }
        if !visit.state.toasts.isEmpty {
            _ = visit.state.takeToasts()
            try visit.saveQuietly(host: self)
        }
        var response = HTTPResponse(.ok, headers: HTTPHeaders([("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-store")]), body: body)
        response = visit.finish(response, host: self, request: request)
        return response
    }
}
