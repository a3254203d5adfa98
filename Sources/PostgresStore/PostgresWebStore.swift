import FlowStore
import Locking

/// The web layer's store on a PostgreSQL database that several instances share: each concern's
/// table of this module on a connection of ``database``, with units of work as its transactions.
/// What one instance saves, the others read; compare-and-swap saves hold across them; seeding
/// and sweeps run on one instance at a time, under advisory locks.
public struct PostgresWebStore: WebStore {
    public let database: PostgresDatabase
    public let hasher: PasswordHasher
    /// What codes, tokens and attempt counts are kept under; every instance of one database is
    /// given the same.
    public let key: StoreKey
    let lifetimes: SessionLifetimes
    /// Decoded record bodies, shared by every connection.
    let bodies = RecordBodies()

    /// The store of `database`; `hasher` sets what a password hash costs (tests use a cheap one).
    public init(database: PostgresDatabase, key: StoreKey, hasher: PasswordHasher = .recommended, lifetimes: SessionLifetimes = SessionLifetimes()) {
        self.database = database
        self.key = key
        self.hasher = hasher
        self.lifetimes = lifetimes
    }

    public func read<T>(_ body: (any StoreReads) throws -> T) throws -> T {
        try database.read { connection in try body(PostgresReads(store: self, connection: connection)) }
    }

    public func transaction<T>(_ body: (any StoreTransaction) throws -> T) throws -> T {
        try database.write { connection in try body(PostgresTransaction(store: self, connection: connection)) }
    }
}

/// The tables of a connection of a ``PostgresWebStore`` outside a transaction; lives only inside
/// ``PostgresWebStore/read(_:)``, whose thread alone uses the connection meanwhile.
struct PostgresReads: StoreReads {
    let store: PostgresWebStore
    let connection: PostgresConnection

    var sessions: any SessionReads { SessionTable(connection: connection, lifetimes: store.lifetimes, numbers: nil) }
    var events: any EventReads { EventTable(connection: connection, numbers: nil) }
    var accounts: any AccountReads { AccountTable(connection: connection, key: store.key) }
    var records: any RecordReads { RecordTable(connection: connection, bodies: store.bodies) }
    var outbox: any OutboxReads { OutboxTable(connection: connection) }
    var linkCounts: any LinkCountReads { LinkCountTable(connection: connection) }
    var reviews: any ReviewReads { ReviewTable(connection: connection) }
    var usability: any UsabilityReads { UsabilityTable(connection: connection) }
}

/// The tables of a connection of a ``PostgresWebStore`` inside its transaction; lives only
/// inside ``PostgresWebStore/transaction(_:)``, whose thread alone uses the connection.
struct PostgresTransaction: StoreTransaction {
    let store: PostgresWebStore
    let connection: PostgresConnection
    /// The numbers of the sessions this transaction saved, by id, for their events.
    let numbers = SessionNumbers()

    var sessions: any SessionWrites { SessionTable(connection: connection, lifetimes: store.lifetimes, numbers: numbers) }
    var events: any EventWrites { EventTable(connection: connection, numbers: numbers) }
    var accounts: any AccountWrites { AccountTable(connection: connection, key: store.key) }
    var attempts: any AttemptWrites { AttemptTable(connection: connection, key: store.key) }
    var records: any RecordWrites { RecordTable(connection: connection, bodies: store.bodies) }
    var outbox: any OutboxWrites { OutboxTable(connection: connection) }
    var linkCounts: any LinkCountWrites { LinkCountTable(connection: connection) }
    var deferredLinks: any DeferredLinkWrites { DeferredLinkTable(connection: connection, key: store.key) }
    var reviews: any ReviewWrites { ReviewTable(connection: connection) }
    var usability: any UsabilityWrites { UsabilityTable(connection: connection) }

    /// An advisory lock of the schema, held until the transaction ends.
    func lock(_ name: String) throws {
        try connection.execute("SELECT pg_advisory_xact_lock(hashtext(current_schema() || ':' || $1))", [.text(name)])
    }

    func tryLock(_ name: String) throws -> Bool {
        try connection.queryFirst("SELECT pg_try_advisory_xact_lock(hashtext(current_schema() || ':' || $1))", [.text(name)]) { $0.bool(0) } ?? false
    }

    /// The savepoint and its end ride with the statements around them: no round trip of their own.
    func tentatively<T>(_ body: () throws -> T, keeping keeps: (T) -> Bool) throws -> T {
        try connection.executeLater("SAVEPOINT tentative")
        let result: T
        do {
            result = try body()
        } catch {
            // Also what brings back a transaction a failed statement aborted, should the caller go on.
            try connection.executeLater("ROLLBACK TO SAVEPOINT tentative")
            try connection.executeLater("RELEASE SAVEPOINT tentative")
            throw error
        }
        if !keeps(result) { try connection.executeLater("ROLLBACK TO SAVEPOINT tentative") }
        try connection.executeLater("RELEASE SAVEPOINT tentative")
        return result
    }
}

/// The numbers of the sessions one transaction saved, by id: the save's own answer, so their
/// events need no query for it. Used by the transaction's one thread; the lock makes that
/// `Sendable` in truth.
final class SessionNumbers: Sendable {
    private let known = Lock<[String: Int]>([:])

    func remember(_ number: Int, for id: String) {
        known.withLock { $0[id] = number }
    }

    func number(for id: String) -> Int? {
        known.withLock { $0[id] }
    }
}
