import FlowStore

/// The web layer's store on an embedded SQLite file: every store of this module behind
/// ``WebStore``, with units of work as the database's group-committed write transactions.
public struct SQLiteWebStore: WebStore {
    public let database: Database
    public let sessions: SessionStore
    public let events: EventStore
    public let accounts: AccountStore
    public let outbox: OutboxStore
    public let linkCounts: LinkCountStore
    public let records: RecordStore
    public let deferredLinks: DeferredLinkStore
    public let attempts: AttemptStore

    /// The stores of `database`; `hasher` sets what a password hash costs (tests use a cheap one),
    /// and `key` is what codes, tokens and attempt counts are kept under (``keyFile(for:)``).
    public init(database: Database, key: StoreKey, hasher: PasswordHasher = .recommended) {
        self.database = database
        sessions = SessionStore(database: database)
        events = EventStore(database: database)
        accounts = AccountStore(database: database, key: key, hasher: hasher)
        outbox = OutboxStore(database: database)
        linkCounts = LinkCountStore(database: database)
        records = RecordStore(database: database)
        deferredLinks = DeferredLinkStore(database: database, key: key)
        attempts = AttemptStore(database: database, key: key)
    }

    /// Where the key of a database file is kept unless told otherwise: beside it, `<file>.key`.
    public static func keyFile(for path: String) -> String {
        path + ".key"
    }

    public func transaction<T>(_ body: (any StoreTransaction) throws -> T) throws -> T {
        try database.write { connection in try body(SQLiteTransaction(store: self, connection: connection)) }
    }

    public func session(id: String, now: Int64) throws -> SessionRecord? {
        try sessions.load(id: id, now: now)
    }

    public func endSession(id: String) throws {
        try sessions.end(id: id)
    }

    public func sweepSessions(now: Int64) throws -> Int {
        try sessions.sweep(now: now)
    }

    public func events(session: String, limit: Int) throws -> [StoredEvent] {
        try events.events(session: session, limit: limit)
    }

    public func events(app: String, from: Int64, to: Int64) throws -> [StoredEvent] {
        try events.events(app: app, from: from, to: to)
    }

    public func sweepEvents(olderThan age: Int64, now: Int64) throws -> Int {
        try events.sweep(olderThan: age, now: now)
    }

    public func mails(app: String, mailbox: String?, limit: Int) throws -> [MailMessage] {
        try outbox.messages(app: app, mailbox: mailbox, limit: limit)
    }

    public func account(app: String, email: String) throws -> Account? {
        try accounts.account(app: app, email: email)
    }

    public func account(id: Int) throws -> Account? {
        try accounts.account(id: id)
    }

    public func tokenHolder(_ token: String, purpose: String, now: Int64) throws -> Int? {
        try accounts.holder(ofToken: token, purpose: purpose, now: now)
    }

    public func authenticate(app: String, email: String, password: String, allowingFixtures: Bool) throws -> Account? {
        try accounts.authenticate(app: app, email: email, password: password, allowingFixtures: allowingFixtures)
    }

    public func hashPassword(_ password: String) throws -> String {
        try accounts.hasher.hash(password)
    }

    public func verifyPassword(_ password: String, against hash: String) throws -> Bool {
        try accounts.hasher.verify(password, against: hash)
    }

    public func seedFixtures(app: String, accounts fixtures: [FixtureAccount], fixtureEmails: [String]) throws {
        try accounts.markFixtures(app: app, emails: fixtureEmails)
        try FixtureSeeder(accounts: accounts).seed(app: app, fixtures)
    }

    public func seedRecords(app: String, _ fixtures: [FixtureRecord]) throws {
        try records.seed(app: app, fixtures, accounts: accounts)
    }

    public func records(app: String, collection: String, scope: RecordScope) throws -> [StoredRecord] {
        try records.records(app: app, collection: collection, scope: scope)
    }

    public func record(app: String, collection: String, scope: RecordScope, id: String) throws -> StoredRecord? {
        try records.record(app: app, collection: collection, scope: scope, id: id)
    }

    public func countRecords(app: String, collection: String, scope: RecordScope, matching: [String: RecordValue]) throws -> Int {
        try database.read { try records.count(app: app, collection: collection, scope: scope, matching: matching, in: $0) }
    }

    public func addLinkCounts(_ counts: [LinkCount]) throws {
        try linkCounts.add(counts)
    }

    public func linkCounts(app: String) throws -> [LinkCount] {
        try linkCounts.counts(app: app)
    }

    public func keepDeferredLink(app: String, code: String, link: String, now: Int64, expires: Int64) throws {
        try deferredLinks.keep(app: app, code: code, link: link, now: now, expires: expires)
    }

    public func claimDeferredLink(app: String, code: String, now: Int64) throws -> DeferredLink? {
        try deferredLinks.claim(app: app, code: code, now: now)
    }

    public func sweepDeferredLinks(now: Int64) throws -> Int {
        try deferredLinks.sweep(now: now)
    }

    public func countAttempt(_ keys: [AttemptKey], now: Int64) throws {
        try attempts.count(keys, now: now)
    }

    public func sweepAttempts(now: Int64) throws -> Int {
        try attempts.sweep(now: now)
    }

    public func eventCounts(app: String, metric: EventCounts.Metric, from: String, to: String, byDay: Bool) throws -> [EventCounts.Row] {
        try events.counts(app: app, metric: metric, from: from, to: to, byDay: byDay)
    }
}

/// One unit of work on the writer connection of a ``SQLiteWebStore``; lives only inside
/// ``SQLiteWebStore/transaction(_:)``, whose thread alone uses the connection meanwhile.
struct SQLiteTransaction: StoreTransaction {
    let store: SQLiteWebStore
    let connection: SQLiteConnection

    func createSession(app: String, state: [UInt8], userID: String?, csrfSecret: String, previousSecrets: [String], dataKey: String, now: Int64) throws
        -> String {
        try store.sessions.create(app: app, state: state, userID: userID, csrfSecret: csrfSecret, previousSecrets: previousSecrets, dataKey: dataKey,
                                  now: now, in: connection)
    }

    func saveSession(id: String, state: [UInt8], expectedVersion: Int, screenSince: Int64?, now: Int64) throws -> SaveOutcome {
        try store.sessions.save(id: id, state: state, expectedVersion: expectedVersion, screenSince: screenSince, now: now, in: connection)
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
        try store.events.append(events, session: session, in: connection)
    }

    func account(app: String, email: String) throws -> Account? {
        try store.accounts.account(app: app, email: email, in: connection)
    }

    func account(id: Int) throws -> Account? {
        try store.accounts.account(id: id, in: connection)
    }

    func createAccount(app: String, email: String, passwordHash: String, mailbox: String, now: Int64) throws -> Account {
        try store.accounts.create(app: app, email: email, passwordHash: passwordHash, mailbox: mailbox, now: now, in: connection)
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
