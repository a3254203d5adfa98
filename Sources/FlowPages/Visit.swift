import Foundation
import HTTPServer
import Navigation
import SQLiteStore

/// One request's view of its session: the id from the cookie (or a new one), the navigation
/// state and the version it was loaded at.
///
/// A visitor who has not posted yet has no stored session: their screens are worked out from
/// the URL in memory, so a crawler or a link preview writes nothing. The session is stored by
/// the visitor's first post, under a new id.
struct Visit {
    private(set) var id: String
    var state: NavigationState
    var version: Int
    /// Whether the session is in the database; false for a visitor who has not posted yet.
    private(set) var isStored: Bool
    /// Whether the request named this id in its cookie (a form's CSRF token can only be checked
    /// against an id the browser already holds).
    let hasCookie: Bool
    /// Whether this request may write: not for HEAD, nor for a visitor without a stored session
    /// until a checked post says so.
    private(set) var mayWrite: Bool
    /// Whether the id changed (a new visitor, sign-in, sign-out, the first post); the response
    /// sets the cookie.
    private(set) var isRotated = false

    /// The session's CSRF token: derived from the id, which only the cookie holds.
    var csrfToken: String { Secret.derive(from: id, purpose: "csrf") }

    /// The session named by the request's cookie, or a visitor without one at the app's start.
    /// Nothing is written.
    static func open(_ request: HTTPRequest, host: AppHost) throws -> Visit {
        let mayWrite = request.method != .head
        if let id = request.cookies[host.cookieName] {
            if let record = try host.sessions.load(id: id), record.app == host.app.id {
                let restoration = host.app.navigation.restore(encoded: record.state)
                if case .reset(_, let reason) = restoration {
                    StandardOutput.writeLine("session of \(host.app.id) started over: \(reason)")
                }
                return Visit(id: id, state: restoration.state, version: record.version, isStored: true, hasCookie: true, mayWrite: mayWrite)
            }
            // An id we issued to a visitor who has not posted yet, or one that expired.
            return Visit(id: id, state: host.navigator.initialState, version: 0, isStored: false, hasCookie: true, mayWrite: false)
        }
        var visit = Visit(id: Secret.token(), state: host.navigator.initialState, version: 0, isStored: false, hasCookie: false, mayWrite: false)
        visit.isRotated = true
        return visit
    }

    /// Lets a checked post store the session of a visitor who has none yet; its first commit
    /// stores it under a new id, so an id set in the browser by someone else never becomes a
    /// session (session fixation).
    mutating func allowWrites() {
        mayWrite = true
    }

    /// Saves `newState` if it differs, with a screen view when the screen changed, in one
    /// transaction. A save that lost a race to another tab throws ``SessionConflict``. A visit
    /// that may not write keeps the state in memory only.
    mutating func commit(_ newState: NavigationState, source: NavigationSource, host: AppHost, events: [EventStore.Event] = []) throws {
        guard mayWrite else {
            state = newState
            return
        }
        guard newState != state || !events.isEmpty || !isStored else { return }
        let previous = host.app.navigation.currentScreen(in: state)
        let current = host.app.navigation.currentScreen(in: newState)
        let now = Timestamp.now()
        let stored = newState.encoded()
        let expected = version
        let (id, app, isStored) = (self.id, host.app.id, self.isStored)
        // A new id whenever who is signed in changes, against session fixation (OWASP).
        let rotates = newState.userID != state.userID
        let (outcome, newID) = try host.sessions.database.write { connection in
            let (outcome, newID): (SessionStore.SaveOutcome, String?)
            if !isStored {
                let created = try host.sessions.create(app: app, state: stored, now: now, in: connection)
                (outcome, newID) = (.saved(version: 1), created)
            } else if rotates {
                (outcome, newID) = try host.sessions.rotate(id: id, state: stored, expectedVersion: expected, now: now, in: connection)
            } else {
                (outcome, newID) = (try host.sessions.save(id: id, state: stored, expectedVersion: expected, now: now, in: connection), nil)
            }
            guard case .saved = outcome else { return (outcome, newID) }
            let sessionID = newID ?? id
            var recorded = events
            if current != previous {
                recorded.append(EventStore.Event(
                    time: now, app: app, kind: "screen_view", screen: current.name.rawValue,
                    previousScreen: previous.name.rawValue, source: source.analyticsName
                ))
            }
            if !recorded.isEmpty { try host.events.append(recorded, session: sessionID, in: connection) }
            return (outcome, newID)
        }
        switch outcome {
        case .saved(let next):
            version = next
            state = newState
            self.isStored = true
            if let newID {
                self.id = newID
                isRotated = true
            }
        case .conflict: throw SessionConflict()
        case .missing: throw HTTPError(.conflict, "The session ended meanwhile; reload the page.")
        }
    }

    /// Saves the state as it is (after showing its toasts); a lost race only means another tab
    /// saved first, which keeps its newer state.
    mutating func saveQuietly(host: AppHost) throws {
        guard mayWrite, isStored else { return }
        if case .saved(let next) = try host.sessions.save(id: id, state: state.encoded(), expectedVersion: version) {
            version = next
        }
    }

    /// 303 to the session's current screen (Post/Redirect/Get), with the cookie if it is new.
    func redirectToCurrentScreen(host: AppHost, request: HTTPRequest) -> HTTPResponse {
        finish(.redirect(to: host.urls.screen(host.app.navigation.currentScreen(in: state))), host: host, request: request)
    }

    /// Adds the session cookie to the response of a new or rotated session.
    func finish(_ response: HTTPResponse, host: AppHost, request: HTTPRequest) -> HTTPResponse {
        guard isRotated else { return response }
        var response = response
        // The same reading of the proxy's word as the origin check's.
        let secure = OriginPolicy.scheme(of: request) == "https"
        response.setCookie(Cookie(name: host.cookieName, value: id, path: "/", secure: secure))
        return response
    }
}

/// Another request saved the session first; the request is run again on the newer state.
struct SessionConflict: Error {}

extension NavigationSource {
    /// The source's name in analytics events (seed 000 §13).
    var analyticsName: String {
        switch self {
        case .direct: "direct"
        case .deepLink: "deep_link"
        case .tabSwitch: "tab_switch"
        case .back: "back_navigation"
        case .autoRedirect: "auto_redirect"
        }
    }
}
