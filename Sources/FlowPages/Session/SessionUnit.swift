import FlowDefinition
import FlowStore
import HTTPServer
import Navigation

/// One request's unit of work on its session: the id from the cookie (or a new one), the
/// navigation state and the version it was loaded at; and one commit that saves the state by
/// compare-and-swap together with the request's events and every write its effects made.
///
/// A visitor who has not posted yet has no stored session: their screens are worked out from
/// the URL in memory, so a crawler or a link preview writes nothing. The session is created
/// lazily, by the visitor's first checked post, under a new id.
package struct SessionUnit {
    /// The session's id, as its cookie carries it; a new one after a rotation.
    package private(set) var id: String
    /// The session's navigation state, as this request changes it.
    package var state: NavigationState
    private(set) var version: Int
    /// Whether the session is in the store; false for a visitor who has not posted yet.
    package private(set) var isStored: Bool
    /// Whether the request named this id in its cookie (a form's CSRF token can only be checked
    /// against an id the browser already holds).
    let hasCookie: Bool
    /// Whether this request may write: not for HEAD, nor for a visitor without a stored session
    /// until a checked post says so.
    private(set) var mayWrite: Bool
    /// Whether the id changed (a new visitor, sign-in, sign-out, the first post); the response
    /// sets the cookie.
    private(set) var isRotated = false
    /// How the last change this unit committed moved the screen, for the page it shows.
    private(set) var motion: Motion?
    /// Whether this unit committed a change of the session.
    private(set) var hasCommitted = false
    /// Whether the page this unit answers is a stranger's public page (``PublicPages``): the same
    /// for every stranger, so it carries no token and sets no cookie.
    private(set) var isPublic = false
    /// Whether the screen this request arrives on may make the writes its app declares for
    /// opening it (`<on-open>`): for a post (its origin is checked) or a navigation from the
    /// app's own pages, typed or bookmarked — never for a link or a form of another site.
    let runsOpenWrites: Bool
    /// Whether the request is a post: a tester's going back is the post of Back or Close there,
    /// and the trail getting shorter on a GET (the browser's Back).
    private let isPost: Bool
    let store: any WebStore
    let app: MountedApp
    /// How many of its events a commit writes (``EventBudget``).
    private let eventBudget: EventBudget
    /// The client the request came from, whose events are counted together.
    private let clientAddress: String

    /// The secret the session's CSRF token derives from: the stored session's own, new with each
    /// id it is given; else (a visitor not yet stored) the id, which only the cookie holds.
    private var csrfSecret: String?
    /// The stored session's secrets before its id last rotated, newest first.
    private var previousCSRFSecrets: [String] = []
    /// When the stored session's screen was opened, as the store last kept it.
    private var screenSince: Int64?

    /// What the session's own copy of session-scoped app data is kept under: the stored
    /// session's, else a new one that its first commit stores.
    package private(set) var dataKey: String

    /// Whose copy of a collection of each scope this session reads and writes, as it stands now;
    /// nil for an account's data while no one is signed in. It holds the two values it needs, not
    /// a copy of the unit.
    var recordScope: @Sendable (CollectionScope) -> RecordScope? {
        let (dataKey, userID, fixtures) = (dataKey, state.userID, app.fixtureAccountIDs)
        return { Self.recordScope($0, dataKey: dataKey, userID: userID, fixtures: fixtures) }
    }

    /// A fixture account (one of `fixtures`) is every tester's: its collections are read and
    /// written as the session's own copy of them.
    private static func recordScope(_ scope: CollectionScope, dataKey: String, userID: String?, fixtures: Set<Int>) -> RecordScope? {
        switch scope {
        case .app: .app
        case .session: .session(dataKey)
        case .account:
            userID.flatMap(Int.init).map { fixtures.contains($0) ? .accountCopy($0, session: dataKey) : .account($0) }
        }
    }

    /// The session's CSRF token.
    /// Only a stored session's is kept: a visitor's id is new on every cookie-less request (or
    /// any id a stranger sends), and keeping those would let a stranger churn out the tokens of
    /// everyone else.
    package var csrfToken: String {
        if isPublic { return "" }
        return csrfSecret.map(app.csrfTokens.token(for:)) ?? Secret.derive(from: id, purpose: "csrf")
    }

    /// Makes the page this unit answers a stranger's public page: no token in its forms, no
    /// cookie; the visitor's first post starts their session.
    mutating func answerPublicly() {
        precondition(!isStored, "a stored session's page is its own")
        isPublic = true
    }

    /// Whose a form's CSRF token is: this session's as it is now, this session's before its id
    /// rotated (a page shown before a sign-in or sign-out), or no one's it knows.
    func tokenAge(_ token: String) -> TokenAge {
        guard hasCookie else { return .unknown }
        if Secret.constantTimeEqual(token, csrfToken) { return .current }
        if previousCSRFSecrets.contains(where: { Secret.constantTimeEqual(token, Secret.derive(from: $0, purpose: "csrf")) }) {
            return .beforeRotation
        }
        return .unknown
    }

    /// What ``tokenAge(_:)`` finds.
    enum TokenAge {
        case current, beforeRotation, unknown
    }

    /// The session named by the request's cookie, or a visitor without one at the app's start
    /// (always, when `fresh`). Nothing is written.
    init(_ request: HTTPRequest, app: MountedApp, store: any WebStore, eventBudget: EventBudget, now: Int64, fresh: Bool = false) throws {
        self.app = app
        self.store = store
        self.eventBudget = eventBudget
        clientAddress = request.clientAddress
        runsOpenWrites = request.method == .post || OriginPolicy.isOwnNavigation(request)
        isPost = request.method == .post
        version = 0
        isStored = false
        mayWrite = false
        state = app.navigator.initialState
        guard !fresh, let id = request.cookie(app.cookieName) else {
            self.id = Secret.token()
            dataKey = Secret.token()
            hasCookie = false
            isRotated = true
            return
        }
        self.id = id
        hasCookie = true
        // Otherwise an id issued to a visitor who has not posted yet, or one that expired.
        guard let record = try store.read({ try $0.sessions.load(id: id, now: now) }), record.app == app.app.id else {
            dataKey = Secret.token()
            return
        }
        let restoration = app.states.restore(record.state)
        state = restoration.state
        if case .reset(_, let reason) = restoration {
            StandardOutput.writeLine("session of \(app.app.id) started over: \(reason)")
            // Said on the first page, which saves the fresh start: it is said once.
            state.addToast(Notice(ServerNotice.message, values: [
                "message": "\(app.app.title) changed since your last page, so you start again here (\(reason)).",
            ]))
        }
        version = record.version
        csrfSecret = record.csrfSecret
        previousCSRFSecrets = record.previousCSRFSecrets
        screenSince = record.screenSince ?? record.lastSeenAt
        // Sessions stored before data keys were kept were given one by the migration.
        dataKey = record.dataKey ?? Secret.derive(from: id, purpose: "data")
        isStored = true
        mayWrite = request.method != .head
    }

    /// Lets a checked post store the session of a visitor who has none yet; its first commit
    /// stores it under a new id, so an id set in the browser by someone else never becomes a
    /// session (session fixation).
    package mutating func allowWrites() {
        mayWrite = true
    }

    /// Saves `newState` if it differs, with a screen view when the screen changed. A unit that
    /// may not write keeps the state in memory only.
    mutating func commit(_ newState: NavigationState, source: NavigationSource, events: [StoredEvent] = [], now: Int64) throws {
        guard mayWrite else {
            if app.navigation.currentScreen(in: state) != app.navigation.currentScreen(in: newState) {
                motion = Motion.between(app.navigation.screen(in: state), app.navigation.screen(in: newState), source: source)
            }
            state = newState
            return
        }
        guard newState != state || !events.isEmpty || !isStored else { return }
        // Worked out before the transaction: the store's single writer waits for nothing but SQL.
        let save = SessionSave(newState, events: events, after: state, source: source, app: app, byPost: isPost, screenSince: screenSince, now: now)
        try commit(now: now) { _ in save }
    }

    /// Runs `work` inside one transaction — its effects' writes there — and saves the state it
    /// returns by compare-and-swap with its events and a screen view when the screen changed.
    /// When another request saved the session first, nothing of it is kept (the effects' writes
    /// included) and ``SessionConflict`` is thrown, for the whole request to run again.
    mutating func perform(
        now: Int64, _ work: (any StoreTransaction) throws -> (state: NavigationState, events: [StoredEvent], source: NavigationSource)
    ) throws {
        precondition(mayWrite, "a unit that may not write has nothing to commit")
        let (oldState, app, screenSince, isPost) = (state, self.app, screenSince, isPost)
        try commit(now: now) { transaction in
            let (newState, events, source) = try work(transaction)
            return SessionSave(newState, events: events, after: oldState, source: source, app: app, byPost: isPost, screenSince: screenSince, now: now)
        }
    }

    /// Creates, rotates or saves the session with what `make` returns, in one transaction.
    private mutating func commit(now: Int64, _ make: (any StoreTransaction) throws -> SessionSave) throws {
        let (id, version, isStored, app, dataKey, runsOpenWrites) = (self.id, self.version, self.isStored, self.app, self.dataKey, self.runsOpenWrites)
        // What a new secret keeps: the one the pages shown so far derived their token from (a
        // visitor's, its id: a second tab opened before the first post), then the ones before it.
        let shown = csrfSecret ?? (hasCookie && Secret.isToken(id) ? id : nil)
        let previous = Array(((shown.map { [$0] } ?? []) + previousCSRFSecrets).prefix(SessionRecord.keptCSRFSecrets))
        // A new or rotated session gets a secret no one has seen: neither the id it had before
        // (perhaps set by someone else, as in session fixation) nor a token a page showed before
        // sign-in or sign-out tells anything of it. Forms of other tabs then need a reload.
        let (save, outcome, new) = try store.transaction { transaction in
            let save = try make(transaction)
            if let opened = save.opened, runsOpenWrites {
                try Self.open(opened, app: app, transaction: transaction, now: now) {
                    Self.recordScope($0, dataKey: dataKey, userID: save.state.userID, fixtures: app.fixtureAccountIDs)
                }
            }
            let outcome: SaveOutcome, new: (id: String, secret: String)?
            if !isStored {
                let secret = Secret.token()
                (outcome, new) = (.saved(version: 1), (try transaction.sessions.create(
                    app: app.app.id, state: save.encoded, userID: save.state.userID, csrfSecret: secret, previousSecrets: previous, dataKey: dataKey, now: now
                ), secret))
            } else if save.changesUser {
                // A new id whenever who is signed in changes, against session fixation (OWASP).
                let secret = Secret.token()
                let (rotated, newID) = try transaction.sessions.rotate(id: id, state: save.encoded, userID: save.state.userID, expectedVersion: version,
                                                                     csrfSecret: secret, previousSecrets: previous,
                                                                     screenSince: save.opened == nil ? nil : now, now: now)
                (outcome, new) = (rotated, newID.map { ($0, secret) })
            } else {
                (outcome, new) = (try transaction.sessions.save(id: id, state: save.encoded, expectedVersion: version,
                                                              screenSince: save.opened == nil ? nil : now, now: now), nil)
            }
            switch outcome {
            case .saved: break
            case .conflict: throw SessionConflict()
            case .missing: throw HTTPError(.conflict, "The session ended meanwhile; reload the page.")
            }
            // Events past the session's or the address's rate are counted, not written (``EventBudget``).
            // A usability test's testers count against an address of their own: in a lab they
            // share one, and no one else's traffic from it may drop their events.
            let address = UsabilityMark(in: save.state) == nil ? clientAddress : "tester " + clientAddress
            let kept = eventBudget.admit(save.events.count, app: app.app.id, session: dataKey, address: address, now: now)
            if kept > 0 { try transaction.events.append(Array(save.events.prefix(kept)), session: new?.id ?? id) }
            // A tester's screens are the test's results, not analytics: no rate drops them.
            if let (attempt, step) = save.testerStep { _ = try transaction.usability.record(step, in: attempt) }
            return (save, outcome, new)
        }
        if case .saved(let next) = outcome { self.version = next }
        hasCommitted = true
        app.states.keep(save.state, encoded: save.encoded)
        if save.opened != nil || !isStored { screenSince = now }
        motion = save.motion ?? motion
        state = save.state
        self.isStored = true
        if let new {
            self.id = new.id
            (previousCSRFSecrets, csrfSecret) = (previous, new.secret)
            isRotated = true
        }
    }

    /// Tells the person the page they posted from was out of date, changing nothing else.
    mutating func commitOutOfDate(now: Int64) throws {
        var unchanged = state
        unchanged.formErrors = nil
        unchanged.addToast(Notice(ServerNotice.outOfDate))
        try commit(unchanged, source: .direct, now: now)
    }

    /// Adds the session cookie to the response of a new or rotated session, and to one that
    /// committed a change of the session its version (`<cookie>_v`): every committed change thus
    /// changes a cookie, and a browser keeps no page shown before it in its back/forward cache
    /// (Chromium restores a `no-store` page only while the site's cookies are as they were), so
    /// the browser's Back asks the server, which shows and reconciles the session (DESIGN: Back
    /// is a GET). One cookie a response: a new session's id changes anyway.
    package func finish(_ response: HTTPResponse, request: HTTPRequest) -> HTTPResponse {
        guard (isRotated || hasCommitted) && !isPublic else { return response }
        var response = response
        let secure = app.origins.isHTTPS(request)
        if isRotated {
            response.setCookie(Cookie(name: app.cookieName, value: id, path: "/", secure: secure))
        } else {
            response.setCookie(Cookie(name: app.cookieName + "_v", value: String(version), path: "/", secure: secure))
        }
        return response
    }

    /// 303 to the session's current screen (Post/Redirect/Get), with the cookie if it is new.
    /// How the screen moved went with the state it committed.
    package func redirectToCurrentScreen(_ request: HTTPRequest) -> HTTPResponse {
        finish(.redirect(to: app.urls.screen(app.navigation.currentScreen(in: state))), request: request)
    }
}

/// Another request saved the session first; the request is run again on the newer state.
struct SessionConflict: Error {}
