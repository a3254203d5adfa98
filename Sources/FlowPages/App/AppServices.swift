import FlowStore
import HTTPServer

/// What answering one app's requests takes, handed down to each handler: the app as mounted, the
/// store, the effects its actions run, where deep links of visitors without a session, banner
/// outcomes and events over their rate are counted, the clock, and the limits the instance's apps
/// share. No handler reaches back up to the application for more. Handlers do reach across to one
/// another, each made from these same services, so that a rule is written once: the banner's code
/// post finds the screen it was posted from by ``PostRequests``' rule, as every post does; a
/// screen's GET (``ScreenDecider``) hands a link arriving to ``LinkOpener``, which asks it in turn
/// for the sign-in a guard shows first. The workshop's handlers (``Workshop``) are made from
/// these same services.
package struct AppServices: Sendable {
    /// The app as mounted.
    package let app: MountedApp
    /// Where sessions, events, accounts and mails are kept.
    package let store: any WebStore
    /// The effects the app's actions run.
    package let effects: EffectRegistry
    let linkCounters: LinkCounters
    /// How many events a session and an address may add a minute, across the instance's apps.
    package let eventBudget: EventBudget
    /// Where sessions' expiry and events read the time.
    package let clock: WebClock
    /// Each client address's share of the password hashing, across the instance's apps.
    let hashingShares: HashingShares
    /// Where unexpected failures are logged with their request id.
    let errorLog: @Sendable (String) -> Void

    /// What renders the app's pages.
    package var renderer: PageRenderer { PageRenderer(app: app, store: store, errorLog: errorLog) }

    /// The app's data as `unit`'s session sees it, read outside any transaction.
    func data(for unit: SessionUnit) -> AppData {
        AppData(app: app, reads: store.records, scope: unit.recordScope)
    }

    /// The request's session, or a visitor without one at the app's start; nothing is written.
    package func openSession(_ request: HTTPRequest, now: Int64) throws -> SessionUnit {
        try SessionUnit(request, app: app, store: store, eventBudget: eventBudget, now: now)
    }

    /// A session of its own for a checked post, whatever session the browser had: a usability
    /// test's tester starts with nothing of anyone's. Its first commit stores it under a new id.
    package func freshSession(_ request: HTTPRequest, now: Int64) throws -> SessionUnit {
        var unit = try SessionUnit(request, app: app, store: store, eventBudget: eventBudget, now: now, fresh: true)
        unit.allowWrites()
        return unit
    }

    /// The session of a post shown to come from this site (its origin) and this session (its
    /// CSRF token), allowed to write; with the posted form, the time it arrived, and whether the
    /// form was shown before the session's id last rotated (sign-in, sign-out): such a post is
    /// out of date (DECISIONS 2) and may change nothing but say so.
    func openCheckedPost(_ request: HTTPRequest) throws -> (unit: SessionUnit, form: [String: String], now: Int64, isOutOfDate: Bool) {
        try app.origins.check(request)
        // A browser sends a textarea's line breaks as CRLF (HTML's form submission); they are
        // kept as the data file writes them, "\n", or an unedited text would differ from its record.
        // The first value of a name counts, but check boxes of one choice send one each: those
        // are kept together, one a line (``ChoiceOptions/picked(_:multiple:)``).
        var form: [String: String] = [:]
        for field in try request.formFields() {
            let value = field.value.utf8.contains(UInt8(ascii: "\r")) ? field.value.replacingOccurrences(of: "\r\n", with: "\n") : field.value
            if let earlier = form[field.name] {
                if app.multipleChoiceFields.contains(field.name) { form[field.name] = earlier + "\n" + value }
            } else {
                form[field.name] = value
            }
        }
        let now = clock.now()
        var unit = try openSession(request, now: now)
        // Where strangers' pages are public (``PublicPages``), which carry no token, a post
        // without a stored session is guarded by its origin alone, checked above; a session's,
        // and every post where no page is public, by the token too.
        let age = unit.isStored || app.publicPages == nil ? form["csrf"].map(unit.tokenAge) ?? .unknown : .current
        guard age != .unknown else {
            throw HTTPError(.forbidden, "This form is not from this session; reload the page and try again.")
        }
        unit.allowWrites()
        return (unit, form, now, age == .beforeRotation)
    }

    /// Runs `body` again, on the newer state, when another request of the same session saved
    /// first (two tabs); after three tries the person is asked to reload.
    func retryingConflicts(_ body: () throws -> HTTPResponse) throws -> HTTPResponse {
        for _ in 1..<3 {
            do {
                return try body()
            } catch is SessionConflict {
                continue
            }
        }
        do {
            return try body()
        } catch is SessionConflict {
            throw HTTPError(.conflict, "The session kept changing while this was being done; reload the page and try again.")
        }
    }

    /// Answers `request` with `body`, or with the app's own error page for an ``HTTPError`` it throws.
    func answering(_ request: HTTPRequest, _ body: () throws -> HTTPResponse) throws -> HTTPResponse {
        do {
            return try body()
        } catch let error as HTTPError {
            guard let page = renderer.errorPage(error, for: request.cookie(app.cookieName)) else { throw error }
            return page
        }
    }
}
