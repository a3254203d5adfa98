import CSQLite
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// How hard a commit waits for the disk (SQLite's `synchronous`).
public enum Durability: String, Sendable {
    /// Every commit is fsynced before it returns: survives power loss. The default.
    case full = "FULL"
    /// WAL commits are fsynced at checkpoints only: survives the process crashing, but the last
    /// commits may be lost if the machine loses power.
    case normal = "NORMAL"
}

/// One SQLite connection: opened in `init` (throwing SQLite's message), closed in `deinit` even
/// when opening failed, with its prepared statements cached by SQL text. Not thread-safe:
/// ``Database`` hands each connection to one thread at a time.
public final class SQLiteConnection {
    let handle: OpaquePointer
    private var statements: [String: Statement] = [:]

    /// Opens (creating if needed) the database at `path`, in WAL mode with full sync and
    /// foreign keys on, waiting up to `busyTimeout` milliseconds for locks.
    init(path: String, readOnly: Bool = false, durability: Durability = .full, busyTimeout: Int32 = 5000) throws(SQLiteError) {
        if !readOnly { Self.createForOwnerAlone(path) }
        var connection: OpaquePointer?
        let flags = (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) | SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2(path, &connection, flags, nil)
        guard code == SQLITE_OK, let connection else {
            let message = connection.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            // sqlite3_open_v2 returns a handle to close even when it fails.
            sqlite3_close_v2(connection)
            throw SQLiteError(code: SQLiteResultCode(rawValue: code), message: "cannot open \(path): \(message)")
        }
        handle = connection
        sqlite3_extended_result_codes(handle, 1)
        sqlite3_busy_timeout(handle, busyTimeout)
        if !readOnly {
            try execute("PRAGMA journal_mode = WAL")
        }
        try execute("PRAGMA synchronous = \(durability.rawValue)")
        try execute("PRAGMA foreign_keys = ON")
        // A grown file (a million sessions, millions of events) is read through the operating
        // system's page cache, mapped once, rather than a read() a page; the writer keeps the
        // pages it changes most — the newest sessions', the ends of the indexes — in 32 MiB of its
        // own. 64 MiB was no faster on a grown file (write-growth.sh, same day: 0.96× a fresh
        // file's, 32 MiB 0.98× and 0.91×) and filled up within a minute of posts, taking the
        // server past 120 MB.
        try execute("PRAGMA mmap_size = \(Self.mappedBytes)")
        try execute("PRAGMA cache_size = -\(readOnly ? 16_384 : 32_768)")
    }

    /// Creates an empty file at `path`, which SQLite takes for a new database, readable by its
    /// owner alone (0600) as the key file beside it is, when there is no file there. SQLite
    /// would create it 0644 (less the umask), and it gives the WAL and SHM files it makes the
    /// database file's mode. Any failure is left for SQLite's own open to report.
    private static func createForOwnerAlone(_ path: String) {
        // ":memory:", "" (a temporary database) and URIs name no file to make.
        guard !path.isEmpty, path != ":memory:", !path.hasPrefix("file:") else { return }
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if fd >= 0 { close(fd) }
    }

    /// How much of the file is mapped into memory: 1 GiB.
    static let mappedBytes = 1 << 30

    deinit {
        statements.removeAll()
        sqlite3_close_v2(handle)
    }

    /// The statement for `sql`, prepared once and reused.
    func statement(_ sql: String) throws(SQLiteError) -> Statement {
        if let cached = statements[sql] { return cached }
        let statement = try Statement(connection: handle, sql: sql)
        statements[sql] = statement
        return statement
    }

    /// Runs a statement that returns no rows; returns the number of rows it changed.
    @discardableResult
    public func execute(_ sql: String, _ values: [SQLiteValue] = []) throws(SQLiteError) -> Int {
        let statement = try statement(sql)
        try statement.bind(values)
        while try statement.step() {}
        return Int(sqlite3_changes(handle))
    }

    /// Runs a query and maps each row.
    public func query<T>(_ sql: String, _ values: [SQLiteValue] = [], _ map: (Row) throws -> T) throws -> [T] {
        let statement = try statement(sql)
        try statement.bind(values)
        var results: [T] = []
        while try statement.step() {
            results.append(try map(statement.row))
        }
        return results
    }

    /// The first row of a query, mapped, or nil.
    public func queryFirst<T>(_ sql: String, _ values: [SQLiteValue] = [], _ map: (Row) throws -> T) throws -> T? {
        let statement = try statement(sql)
        try statement.bind(values)
        defer { sqlite3_reset(statement.handle) }
        return try statement.step() ? try map(statement.row) : nil
    }

    /// The rowid of the last insert.
    public var lastInsertedRowID: Int { Int(sqlite3_last_insert_rowid(handle)) }

    /// Runs `body` in a transaction: `BEGIN IMMEDIATE` takes the write lock at once, so a write
    /// never fails halfway with SQLITE_BUSY; an error rolls everything back.
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            _ = try? execute("ROLLBACK")
            throw error
        }
    }
}
