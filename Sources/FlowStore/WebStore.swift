/// Everything the web layer keeps — sessions, events, prototype accounts, the dev outbox and
/// deep-link counts — as one interface, so an embedded file and a shared database can serve it
/// alike. Reads run on their own; every change a request makes runs in one ``transaction(_:)``.
///
/// Times are milliseconds since 1970, always passed in: the caller owns the clock.
public protocol WebStore: AccountReads, RecordReads, Sendable {
    /// Runs `body` in one transaction: everything it writes is committed together when it
    /// returns, or nothing is when it throws.
    func transaction<T>(_ body: (any StoreTransaction) throws -> T) throws -> T

    /// The session with `id`, or nil when there is none or it has expired at `now`.
    func session(id: String, now: Int64) throws -> SessionRecord?
    /// Ends a session at once, as the prototype's reset does.
    func endSession(id: String) throws
    /// Deletes every session expired at `now`; returns how many.
    func sweepSessions(now: Int64) throws -> Int

    /// A session's newest `limit` events, oldest first.
    func events(session: String, limit: Int) throws -> [StoredEvent]
    /// An app's events in `[from, to)` (milliseconds since 1970), oldest first.
    func events(app: String, from: Int64, to: Int64) throws -> [StoredEvent]
    /// Deletes events older than `age` milliseconds; returns how many.
    func sweepEvents(olderThan age: Int64, now: Int64) throws -> Int

    /// The mails of one mailbox of an app (a session's data key), or with `mailbox` nil all of
    /// the app's, newest first.
    func mails(app: String, mailbox: String?, limit: Int) throws -> [MailMessage]

    /// The account whose password matches, or nil; as slow as a password hash on purpose, and
    /// bounded (throws when too many are being checked).
    func authenticate(app: String, email: String, password: String, allowingFixtures: Bool) throws -> Account?
    /// A password's salted hash, for ``StoreTransaction/createAccount(app:email:passwordHash:mailbox:now:)``
    /// and ``StoreTransaction/setPasswordHash(accountID:_:)``; slow on purpose, and bounded.
    func hashPassword(_ password: String) throws -> String
    /// Whether `password` matches a hash from ``hashPassword(_:)``; as slow, and as bounded.
    func verifyPassword(_ password: String, against hash: String) throws -> Bool
    /// Creates an app's documented fixture accounts when missing, and marks every account of
    /// `fixtureEmails` as a fixture (its password is public).
    func seedFixtures(app: String, accounts: [FixtureAccount], fixtureEmails: [String]) throws

    /// Writes an app folder's fixture records, idempotently: missing ones are added, and those
    /// no one has changed take the folder's values again; a record someone changed is kept.
    /// Account-scoped records go to their fixture account (seeded first).
    func seedRecords(app: String, _ records: [FixtureRecord]) throws
    /// Adds to the deep-link counters.
    func addLinkCounts(_ counts: [LinkCount]) throws
    /// The deep-link counts of an app, by day, pattern and kind.
    func linkCounts(app: String) throws -> [LinkCount]
    /// Keeps `link` until `expires` for the app to claim once with `code` (normalized; see
    /// ``DeferredLink/normalized(_:)``).
    func keepDeferredLink(app: String, code: String, link: String, now: Int64, expires: Int64) throws
    /// The link kept under `code`, once: nil when there is none, it was claimed, or it has expired.
    func claimDeferredLink(app: String, code: String, now: Int64) throws -> DeferredLink?
    /// Deletes the links expired at `now`; returns how many.
    func sweepDeferredLinks(now: Int64) throws -> Int
    /// Counts one attempt under each of `keys` in one write of its own, before anything is
    /// checked (``AttemptLimit``): committed whatever the attempt then does, and seen at once by
    /// every instance.
    /// - Throws: ``TooManyAttempts`` with the longest wait when any key says it came too soon.
    func countAttempt(_ keys: [AttemptKey], now: Int64) throws
    /// Deletes the attempt counts that are over at `now`; returns how many.
    func sweepAttempts(now: Int64) throws -> Int
    /// An app's daily counts of `metric` over the UTC days `from` to `to` (`2026-11-01`, both
    /// included), summed by subject and detail — or, with `byDay`, also kept apart by day.
    func eventCounts(app: String, metric: EventCounts.Metric, from: String, to: String, byDay: Bool) throws -> [EventCounts.Row]
}

extension WebStore {
    /// All of a session's events, oldest first.
    public func events(session: String) throws -> [StoredEvent] {
        try events(session: session, limit: .max)
    }
}

/// A documented fixture account of an app folder.
public struct FixtureAccount: Hashable, Sendable {
    public let email: String
    public let password: String
    public let profile: [String: String]
    public let verified: Bool

    public init(email: String, password: String, profile: [String: String] = [:], verified: Bool = true) {
        self.email = email
        self.password = password
        self.profile = profile
        self.verified = verified
    }
}
