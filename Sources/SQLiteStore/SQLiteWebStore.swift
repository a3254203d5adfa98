import FlowStore

/// The web layer's store on an embedded SQLite file: each concern's store of this module on a
/// connection of ``database`` — a reader for ``read(_:)``, the writer inside the database's
/// group-committed write transactions for ``transaction(_:)``.
public struct SQLiteWebStore: WebStore {
    public let database: Database
    public let hasher: PasswordHasher
    /// What codes, tokens and attempt counts are kept under.
    public let key: StoreKey
    let lifetimes: SessionLifetimes
    /// Decoded record bodies, shared by every connection.
    let bodies = RecordBodies()

    /// The store of `database`; `hasher` sets what a password hash costs (tests use a cheap one),
    /// and `key` is what codes, tokens and attempt counts are kept under (``keyFile(for:)``).
    public init(database: Database, key: StoreKey, hasher: PasswordHasher = .recommended, lifetimes: SessionLifetimes = SessionLifetimes()) {
        self.database = database
        self.key = key
        self.hasher = hasher
        self.lifetimes = lifetimes
    }

    /// Where the key of a database file is kept unless told otherwise: beside it, `<file>.key`.
    public static func keyFile(for path: String) -> String {
        path + ".key"
    }

    public func read<T>(_ body: (any StoreReads) throws -> T) throws -> T {
        try database.read { connection in try body(SQLiteReads(store: self, connection: connection)) }
    }

    public func transaction<T>(_ body: (any StoreTransaction) throws -> T) throws -> T {
        try database.write { connection in try body(SQLiteTransaction(store: self, connection: connection)) }
    }
}

/// The stores of a reader connection of a ``SQLiteWebStore``; lives only inside
/// ``SQLiteWebStore/read(_:)``, whose thread alone uses the connection meanwhile.
struct SQLiteReads: StoreReads {
    let store: SQLiteWebStore
    let connection: SQLiteConnection

    var sessions: any SessionReads { SessionStore(connection: connection, lifetimes: store.lifetimes) }
    var events: any EventReads { EventStore(connection: connection) }
    var accounts: any AccountReads { AccountStore(connection: connection, key: store.key) }
    var records: any RecordReads { RecordStore(connection: connection, bodies: store.bodies) }
    var outbox: any OutboxReads { OutboxStore(connection: connection) }
    var linkCounts: any LinkCountReads { LinkCountStore(connection: connection) }
    var reviews: any ReviewReads { ReviewStore(connection: connection) }
    var usability: any UsabilityReads { UsabilityStore(connection: connection) }
}

/// The stores of the writer connection of a ``SQLiteWebStore`` inside a transaction; lives only
/// inside ``SQLiteWebStore/transaction(_:)``, whose thread alone uses the connection meanwhile.
struct SQLiteTransaction: StoreTransaction {
    let store: SQLiteWebStore
    let connection: SQLiteConnection

    var sessions: any SessionWrites { SessionStore(connection: connection, lifetimes: store.lifetimes) }
    var events: any EventWrites { EventStore(connection: connection) }
    var accounts: any AccountWrites { AccountStore(connection: connection, key: store.key) }
    var attempts: any AttemptWrites { AttemptStore(connection: connection, key: store.key) }
    var records: any RecordWrites { RecordStore(connection: connection, bodies: store.bodies) }
    var outbox: any OutboxWrites { OutboxStore(connection: connection) }
    var linkCounts: any LinkCountWrites { LinkCountStore(connection: connection) }
    var deferredLinks: any DeferredLinkWrites { DeferredLinkStore(connection: connection, key: store.key) }
    var reviews: any ReviewWrites { ReviewStore(connection: connection) }
    var usability: any UsabilityWrites { UsabilityStore(connection: connection) }

    /// SQLite writes one transaction at a time already.
    func lock(_ name: String) throws {}

    func tryLock(_ name: String) throws -> Bool { true }

    func tentatively<T>(_ body: () throws -> T, keeping keeps: (T) -> Bool) throws -> T {
        try connection.execute("SAVEPOINT tentative")
        let result: T
        do {
            result = try body()
        } catch {
            try connection.execute("ROLLBACK TO tentative")
            try connection.execute("RELEASE tentative")
            throw error
        }
        if !keeps(result) { try connection.execute("ROLLBACK TO tentative") }
        try connection.execute("RELEASE tentative")
        return result
    }
}
