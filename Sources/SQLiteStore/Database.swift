import CSQLite
import Dispatch
import Foundation

/// A database file with one writer connection and a small pool of readers, migrated when opened.
///
/// Writes run one at a time on the writer's serial queue inside `BEGIN IMMEDIATE`
/// transactions; reads take a reader from the pool, so they run alongside each other and the
/// writer (WAL mode).
///
/// `@unchecked Sendable`: the writer connection is touched only on `writerQueue`, a serial
/// queue, and each reader by one thread at a time, checked out of ``ReaderPool`` under its lock.
public final class Database: @unchecked Sendable {
    /// The file.
    public let path: String
    private let writer: SQLiteConnection
    private let writerQueue = DispatchQueue(label: "flowpages.sqlite.writer")
    private let readers = ReaderPool()
    /// Bounds the readers in use, so at most `readers` connections are ever opened.
    private let readerSlots: DispatchSemaphore

    /// Opens (or creates) the database at `path` and brings its schema up to date.
    /// - Throws: ``SQLiteError`` when it cannot be opened, or ``MigrationError`` when its schema
    ///   is newer than this code or a migration fails (nothing is changed then).
    public init(path: String, migrations: [Migration] = Schema.migrations, readers: Int = 4, durability: Durability = .full) throws {
        self.path = path
        writer = try SQLiteConnection(path: path, durability: durability)
        readerSlots = DispatchSemaphore(value: max(1, readers))
        try Migrator(migrations: migrations).migrate(writer)
    }

    /// Runs `body` with the writer connection inside one transaction.
    @discardableResult
    public func write<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        try writerQueue.sync {
            try writer.transaction { try body(writer) }
        }
    }

    /// Runs `body` with the writer connection without a transaction (for PRAGMAs and checks).
    @discardableResult
    public func withWriter<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        try writerQueue.sync { try body(writer) }
    }

    /// Runs `body` with a reader connection; waits when all readers are busy.
    public func read<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        readerSlots.wait()
        defer { readerSlots.signal() }
        let connection = try checkOutReader()
        defer { readers.checkIn(connection) }
        return try body(connection)
    }

    private func checkOutReader() throws -> SQLiteConnection {
        if let connection = readers.checkOut() { return connection }
        return try SQLiteConnection(path: path, readOnly: true)
    }
}

/// Idle reader connections.
///
/// `@unchecked Sendable`: `idle` is read and written only while `lock` is held, and a connection
/// taken out belongs to the one thread that took it until it is put back.
final class ReaderPool: @unchecked Sendable {
    private let lock = NSLock()
    private var idle: [SQLiteConnection] = []

    func checkOut() -> SQLiteConnection? {
        lock.withLock { idle.popLast() }
    }

    func checkIn(_ connection: SQLiteConnection) {
        lock.withLock { idle.append(connection) }
    }
}

/// The version of the SQLite library in use, such as `3.40.1`.
public func sqlite3Version() -> UnsafePointer<CChar> {
    sqlite3_libversion()
}
