import FlowStore
import Synchronization

/// The web layer's store on a PostgreSQL database that several instances share: every table
/// behind ``WebStore``, with units of work as transactions. What one instance saves, the others
/// read; compare-and-swap saves hold across them; the sweeps and the seeding run on one instance
/// at a time, under advisory locks.
public struct PostgresWebStore: WebStore {
    public let database: PostgresDatabase
    public let hasher: PasswordHasher
    let sessions: SessionTable
    let events = EventTable()
    let accounts: AccountTable
    let outbox = OutboxTable()
    let linkCounts = LinkCountTable()
    let records: RecordTable
    let deferredLinks: DeferredLinkTable
    let attempts: AttemptTable

    /// The tables of `database`; `key` is what codes, tokens and attempt counts are kept under
    /// (every instance of one database is given the same), `hasher` sets what a password hash
    /// costs (tests use a cheap one).
    public init(database: PostgresDatabase, key: StoreKey, hasher: PasswordHasher = .recommended,
                idleLifetime: Int64 = SessionRecord.idleLifetime, absoluteLifetime: Int64 = SessionRecord.absoluteLifetime) {
        self.database = database
        self.hasher = hasher
        sessions = SessionTable(idleLifetime: idleLifetime, absoluteLifetime: absoluteLifetime)
        records = RecordTable(bodies: RecordBodies())
        accounts = AccountTable(key: key)
        deferredLinks = DeferredLinkTable(key: key)
        attempts = AttemptTable(key: key)
    }

    public func transaction<T>(_ body: (any StoreTransaction) throws -> T) throws -> T {
        try database.write { connection in try body(PostgresTransaction(store: self, connection: connection)) }
    }

    public func session(id: String, now: Int64) throws -> SessionRecord? {
        try database.read { try sessions.load(id: id, now: now, in: $0) }
    }

    public func endSession(id: String) throws {
        try database.write { try sessions.end(id: id, in: $0) }
    }

    /// Sweeps on the instance that takes the lock; the others find it taken and sweep nothing.
    public func sweepSessions(now: Int64) throws -> Int {
        try database.write { connection in
            guard try Self.tryLock("sweep-sessions", in: connection) else { return 0 }
            return try sessions.sweep(now: now, in: connection)
        }
    }

    public func events(session: String, limit: Int) throws -> [StoredEvent] {
        try database.read { try events.events(session: session, limit: limit, in: $0) }
    }

    public func events(app: String, from: Int64, to: Int64) throws -> [StoredEvent] {
        try database.read { try events.events(app: app, from: from, to: to, in: $0) }
    }

    /// Deletes old events in batches, each its own transaction, on one instance at a time.
    public func sweepEvents(olderThan age: Int64, now: Int64) throws -> Int {
        var swept = 0
        while true {
            let deleted = try database.write { connection in
                guard try Self.tryLock("sweep-events", in: connection) else { return 0 }
                return try events.sweep(before: now - age, limit: Self.sweepBatch, in: connection)
            }
            swept += deleted
            if deleted < Self.sweepBatch { return swept }
        }
    }

    static let sweepBatch = 10_000

    public func mails(app: String, mailbox: String?, limit: Int) throws -> [MailMessage] {
        try database.read { try outbox.messages(app: app, mailbox: mailbox, limit: limit, in: $0) }
    }

    public func account(app: String, email: String) throws -> Account? {
        try database.read { try accounts.account(app: app, email: email, in: $0) }
    }

    public func account(id: Int) throws -> Account? {
        try database.read { try accounts.account(id: id, in: $0) }
    }

    public func tokenHolder(_ token: String, purpose: String, now: Int64) throws -> Int? {
        try database.read { try accounts.holder(ofToken: token, purpose: purpose, now: now, in: $0) }
    }

    /// Without an account (or with a fixture account when fixtures are refused) a hash no
    /// password matches is still checked, so the time taken does not tell whether the email exists.
    public func authenticate(app: String, email: String, password: String, allowingFixtures: Bool) throws -> Account? {
        let found = try database.read { try accounts.credentials(app: app, email: email, in: $0) }
        guard let (account, hash) = found, allowingFixtures || !account.isFixture else {
            _ = try hasher.verify(password, against: hasher.unmatchableHash)
            return nil
        }
        return try hasher.verify(password, against: hash) ? account : nil
    }

    public func hashPassword(_ password: String) throws -> String {
        try hasher.hash(password)
    }

    public func verifyPassword(_ password: String, against hash: String) throws -> Bool {
        try hasher.verify(password, against: hash)
    }

    /// Creates the missing fixture accounts (hashed before the transaction) and marks every
    /// account of `fixtureEmails`; instances starting together do it one after the other. An
    /// existing one gets the documented profile back, and the documented password when a
    /// migration emptied it (every tester keeps their own copy of a fixture account's changes:
    /// one made in the account itself predates the copies).
    public func seedFixtures(app: String, accounts fixtures: [FixtureAccount], fixtureEmails: [String]) throws {
        let found = try fixtures.map { fixture in (fixture, try database.read { try accounts.credentials(app: app, email: fixture.email, in: $0) }) }
        let missing = found.filter { $0.1 == nil }.map(\.0)
        let existing = found.compactMap { fixture, credentials in credentials.map { (fixture, $0.0) } }
        let hashes = try missing.map { try hasher.hash($0.password) }
        let changed = found.compactMap { fixture, credentials in credentials.flatMap { $0.1.isEmpty ? (fixture, $0.0) : nil } }
        let resetHashes = try changed.map { try hasher.hash($0.0.password) }
        try database.write { connection in
            try Self.lock("seed:\(app)", in: connection)
            for (fixture, hash) in zip(missing, hashes) {
                _ = try accounts.create(app: app, email: fixture.email, passwordHash: hash, profile: fixture.profile, verified: fixture.verified,
                                        isFixture: true, now: 0, in: connection)
            }
            for ((_, account), hash) in zip(changed, resetHashes) { try accounts.setPasswordHash(accountID: account.id, hash, in: connection) }
            for (fixture, account) in existing where account.profile != fixture.profile {
                try accounts.setProfile(accountID: account.id, fixture.profile, in: connection)
            }
            try accounts.markFixtures(app: app, emails: fixtureEmails + fixtures.map(\.email), in: connection)
        }
    }

    public func seedRecords(app: String, _ fixtures: [FixtureRecord]) throws {
        try database.write { connection in
            try Self.lock("seed:\(app)", in: connection)
            for (index, fixture) in fixtures.enumerated() {
                var scope = RecordScope.app
                if let email = fixture.accountEmail {
                    guard let account = try accounts.account(app: app, email: email, in: connection) else { continue }
                    scope = .account(account.id)
                }
                try records.seed(app: app, fixture, scope: scope, sequence: index - fixtures.count, in: connection)
            }
            try records.raiseCounters(app: app, in: connection)
        }
    }

    public func records(app: String, collection: String, scope: RecordScope) throws -> [StoredRecord] {
        try database.read { try records.records(app: app, collection: collection, scope: scope, in: $0) }
    }

    public func record(app: String, collection: String, scope: RecordScope, id: String) throws -> StoredRecord? {
        try database.read { try records.record(app: app, collection: collection, scope: scope, id: id, in: $0) }
    }

    public func countRecords(app: String, collection: String, scope: RecordScope, matching: [String: RecordValue]) throws -> Int {
        try database.read { try records.count(app: app, collection: collection, scope: scope, matching: matching, in: $0) }
    }

    public func keepDeferredLink(app: String, code: String, link: String, now: Int64, expires: Int64) throws {
        try database.write { try deferredLinks.keep(app: app, code: code, link: link, now: now, expires: expires, in: $0) }
    }

    public func claimDeferredLink(app: String, code: String, now: Int64) throws -> DeferredLink? {
        try database.write { try deferredLinks.claim(app: app, code: code, now: now, in: $0) }
    }

    public func sweepDeferredLinks(now: Int64) throws -> Int {
        try database.write { try deferredLinks.sweep(now: now, in: $0) }
    }

    public func countAttempt(_ keys: [AttemptKey], now: Int64) throws {
        let wait = try database.write { connection in try keys.map { try attempts.count($0, now: now, in: connection) }.max() ?? 0 }
        if wait > 0 { throw TooManyAttempts(wait: wait) }
    }

    public func sweepAttempts(now: Int64) throws -> Int {
        try database.write { try attempts.sweep(now: now, in: $0) }
    }

    public func addLinkCounts(_ counts: [LinkCount]) throws {
        guard !counts.isEmpty else { return }
        try database.write { try linkCounts.add(counts, in: $0) }
    }

    /// The deep-link counts of an app, by day, pattern and kind.
    public func linkCounts(app: String) throws -> [LinkCount] {
        try database.read { try linkCounts.counts(app: app, in: $0) }
    }

    public func eventCounts(app: String, metric: EventCounts.Metric, from: String, to: String, byDay: Bool) throws -> [EventCounts.Row] {
        try database.read { try events.counts(app: app, metric: metric, from: from, to: to, byDay: byDay, in: $0) }
    }

    /// Takes the transaction's advisory lock `name` of the schema, waiting for it.
    static func lock(_ name: String, in connection: PostgresConnection) throws {
        try connection.execute("SELECT pg_advisory_xact_lock(hashtext(current_schema() || ':' || $1))", [.text(name)])
    }

    /// Takes the transaction's advisory lock `name` if no one holds it; false when someone does.
    static func tryLock(_ name: String, in connection: PostgresConnection) throws -> Bool {
        try connection.queryFirst("SELECT pg_try_advisory_xact_lock(hashtext(current_schema() || ':' || $1))", [.text(name)]) { $0.bool(0) } ?? false
    }
}

/// One unit of work on a connection of a ``PostgresWebStore``, inside its transaction; lives
/// only inside ``PostgresWebStore/transaction(_:)``, whose thread alone uses the connection.
struct PostgresTransaction: StoreTransaction {
    let store: PostgresWebStore
    let connection: PostgresConnection
    /// The numbers of the sessions this transaction saved, by id, for their events.
    let numbers = SessionNumbers()

    func createSession(app: String, state: [UInt8], userID: String?, csrfSecret: String, previousSecrets: [String], dataKey: String, now: Int64) throws
        -> String {
        try store.sessions.create(app: app, state: state, userID: userID, csrfSecret: csrfSecret, previousSecrets: previousSecrets, dataKey: dataKey,
                                  now: now, in: connection)
    }

    func saveSession(id: String, state: [UInt8], expectedVersion: Int, screenSince: Int64?, now: Int64) throws -> SaveOutcome {
        let (outcome, number) = try store.sessions.save(id: id, state: state, expectedVersion: expectedVersion, screenSince: screenSince, now: now,
                                                        in: connection)
        if let number { numbers.remember(number, for: id) }
        return outcome
    }

    func rotateSession(id: String, state: [UInt8], userID: String?, expectedVersion: Int, csrfSecret: String, previousSecrets: [String],
                       screenSince: Int64?, now: Int64) throws -> (SaveOutcome, String?) {
        try store.sessions.rotate(id: id, state: state, userID: userID, expectedVersion: expectedVersion, csrfSecret: csrfSecret,
                                  previousSecrets: previousSecrets, screenSince: screenSince, now: now, in: connection)
    }

    func endSessions(app: String, userID: String, except: String?) throws {
        try store.sessions.end(app: app, userID: userID, except: except, in: connection)
    }

    func clearAttempts(_ keys: [AttemptKey]) throws {
        try store.attempts.clear(keys, in: connection)
    }

    func refundAttempt(_ keys: [AttemptKey]) throws {
        try store.attempts.refund(keys, in: connection)
    }

    func appendEvents(_ events: [StoredEvent], session: String?) throws {
        try store.events.append(events, session: session, number: session.flatMap(numbers.number(for:)), in: connection)
    }

    func account(app: String, email: String) throws -> Account? {
        try store.accounts.account(app: app, email: email, in: connection)
    }

    func account(id: Int) throws -> Account? {
        try store.accounts.account(id: id, in: connection)
    }

    func createAccount(app: String, email: String, passwordHash: String, mailbox: String, now: Int64) throws -> Account {
        guard let account = try store.accounts.create(app: app, email: email, passwordHash: passwordHash, mailbox: mailbox, now: now,
                                                      in: connection) else {
            throw AccountError.emailTaken
        }
        return account
    }

    func setPasswordHash(accountID: Int, _ hash: String) throws {
        try store.accounts.setPasswordHash(accountID: accountID, hash, in: connection)
    }

    func markVerified(accountID: Int) throws {
        try store.accounts.markVerified(accountID: accountID, in: connection)
    }

    func updateProfile(accountID: Int, merging values: [String: String]) throws {
        try store.accounts.updateProfile(accountID: accountID, merging: values, in: connection)
    }

    func issueSecret(_ kind: SecretKind, purpose: String, accountID: Int, lifetime: Int64, now: Int64) throws -> String {
        try store.accounts.issue(kind, purpose: purpose, accountID: accountID, lifetime: lifetime, now: now, in: connection)
    }

    func tokenHolder(_ token: String, purpose: String, now: Int64) throws -> Int? {
        try store.accounts.holder(ofToken: token, purpose: purpose, now: now, in: connection)
    }

    func redeemToken(_ token: String, purpose: String, now: Int64) throws -> Int? {
        try store.accounts.redeem(token: token, purpose: purpose, now: now, in: connection)
    }

    func redeemCode(_ code: String, accountID: Int, purpose: String, now: Int64) throws -> Bool {
        try store.accounts.redeem(code: code, accountID: accountID, purpose: purpose, now: now, in: connection)
    }

    func sendMail(app: String, mailbox: String?, to recipient: String, subject: String, body: String, link: String?, now: Int64) throws {
        try store.outbox.send(app: app, mailbox: mailbox, to: recipient, subject: subject, body: body, link: link, now: now, in: connection)
    }

    func records(app: String, collection: String, scope: RecordScope) throws -> [StoredRecord] {
        try store.records.records(app: app, collection: collection, scope: scope, in: connection)
    }

    func record(app: String, collection: String, scope: RecordScope, id: String) throws -> StoredRecord? {
        try store.records.record(app: app, collection: collection, scope: scope, id: id, in: connection)
    }

    func countRecords(app: String, collection: String, scope: RecordScope, matching: [String: RecordValue]) throws -> Int {
        try store.records.count(app: app, collection: collection, scope: scope, matching: matching, in: connection)
    }

    func insertRecord(app: String, collection: String, scope: RecordScope, values: [String: RecordValue], now: Int64) throws -> String {
        try store.records.insert(app: app, collection: collection, scope: scope, values: values, now: now, in: connection)
    }

    func updateRecord(app: String, collection: String, scope: RecordScope, id: String, values: [String: RecordValue], now: Int64) throws -> Bool {
        try store.records.update(app: app, collection: collection, scope: scope, id: id, values: values, now: now, in: connection)
    }

    func deleteRecord(app: String, collection: String, scope: RecordScope, id: String, now: Int64) throws -> Bool {
        try store.records.delete(app: app, collection: collection, scope: scope, id: id, now: now, in: connection)
    }
}

/// The numbers of the sessions one transaction saved, by id: the save's own answer, so their
/// events need no query for it. Used by the transaction's one thread; the lock makes that
/// `Sendable` in truth.
final class SessionNumbers: Sendable {
    private let known = Mutex<[String: Int]>([:])

    func remember(_ number: Int, for id: String) {
        known.withLock { $0[id] = number }
    }

    func number(for id: String) -> Int? {
        known.withLock { $0[id] }
    }
}
