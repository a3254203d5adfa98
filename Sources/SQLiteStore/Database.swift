import CSQLite
import Dispatch
import Foundation

/// A database file with one writer connection and a small pool of readers, migrated when opened.
///
/// Writes are committed in groups: each runs in its own savepoint, and the writes waiting at the
/// same moment share one `BEGIN IMMEDIATE` transaction and so one fsync of the WAL, which is
/// what a commit costs under `synchronous=FULL`. A write returns only once its group is
/// committed; one that throws is rolled back to its savepoint and leaves the others be. Reads
/// take a reader from the pool, so they run alongside each other and the writer (WAL mode).
///
/// `@unchecked Sendable`: the writer connection is used only by the thread leading a group, and
/// one thread leads at a time (`leading`, under `lock`, as are `pending` and `writesAsked`); each reader is used by
/// one thread at a time, checked out of ``ReaderPool`` under its lock.
public final class Database: @unchecked Sendable {
    /// The file.
    public let path: String
    private let writer: SQLiteConnection
    private let lock = NSLock()
    private var pending: [WriteJob] = []
    private var leading = false
    private var writesAsked = 0
    private let readers = ReaderPool()
    /// Bounds the readers in use, so at most `readers` connections are ever opened.
    private let readerSlots: DispatchSemaphore
    /// The most writes one transaction takes, so a group's latency stays bounded.
    static let maximumGroup = 64

    /// Opens (or creates) the database at `path` and brings its schema up to date.
    /// - Throws: ``SQLiteError`` when it cannot be opened, or ``MigrationError`` when its schema
    ///   is newer than this code or a migration fails (nothing is changed then).
    public init(path: String, migrations: [Migration] = Schema.migrations, readers: Int = 4, durability: Durability = .full) throws {
        self.path = path
        writer = try SQLiteConnection(path: path, durability: durability)
        readerSlots = DispatchSemaphore(value: max(1, readers))
        try Migrator(migrations: migrations).migrate(writer)
    }

    /// Runs `body` with the writer connection inside one transaction, shared with the writes
    /// waiting alongside it; its changes are committed when this returns, or undone if it throws.
    @discardableResult
    public func write<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        try run(body, inTransaction: true)
    }

    /// How many write transactions were asked for since the database was opened: each
    /// ``write(_:)``, whoever calls it, grouped into a shared `BEGIN` or not. What a request costs
    /// the disk is counted by it.
    public var writes: Int { lock.withLock { writesAsked } }

    /// Runs `body` with the writer connection without a transaction (for PRAGMAs and checks).
    @discardableResult
    public func withWriter<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        try run(body, inTransaction: false)
    }

    private func run<T>(_ body: (SQLiteConnection) throws -> T, inTransaction: Bool) throws -> T {
        try withoutActuallyEscaping(body) { body in
            var result: Result<T, any Error>?
            let job = WriteJob(inTransaction: inTransaction) { connection in
                result = Result { try body(connection) }
                if case .failure = result { return false }
                return true
            }
            try perform(job)
            return try result!.get()
        }
    }

    /// Queues `job` and returns when its group is committed: either another thread leads the
    /// group that takes it, or this one does.
    private func perform(_ job: WriteJob) throws {
        // Read under the lock: the leading thread may hand this job the lead at any moment.
        let leadsAlready = lock.withLock {
            if job.inTransaction { writesAsked += 1 }
            pending.append(job)
            if !leading {
                leading = true
                job.leads = true
            }
            return job.leads
        }
        if !leadsAlready { job.wake.wait() }
        if !job.isDone { lead() }
        if let error = job.commitError { throw error }
    }

    /// Commits the writes waiting now (this thread's among them), then hands the lead to the
    /// next waiting write, if any.
    private func lead() {
        let group: [WriteJob] = lock.withLock {
            let first = pending.first!
            let count = first.inTransaction ? min(pending.count, Self.maximumGroup) : 1
            let taken = pending.prefix(count).prefix { $0.inTransaction == first.inTransaction }
            pending.removeFirst(taken.count)
            return Array(taken)
        }
        commit(group)
        let next: WriteJob? = lock.withLock {
            for job in group { job.isDone = true }
            guard let next = pending.first else {
                leading = false
                return nil
            }
            next.leads = true
            return next
        }
        for job in group where !job.leads { job.wake.signal() }
        next?.wake.signal()
    }

    private func commit(_ group: [WriteJob]) {
        guard group[0].inTransaction else {
            _ = group[0].run(writer)
            return
        }
        do {
            try writer.execute("BEGIN IMMEDIATE")
            for job in group {
                try writer.execute("SAVEPOINT write")
                if !job.run(writer) { try writer.execute("ROLLBACK TO write") }
                try writer.execute("RELEASE write")
            }
            try writer.execute("COMMIT")
        } catch {
            _ = try? writer.execute("ROLLBACK")
            for job in group {
                job.discard()
                job.commitError = error
            }
        }
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

/// One write waiting for its group. `leads`, `isDone` and `commitError` are set under the
/// database's lock, or by the leading thread before it signals `wake`, which orders them before
/// the waiting thread reads them.
private final class WriteJob: @unchecked Sendable {
    let inTransaction: Bool
    /// The write's body, false when it threw. Dropped once run: it wraps a caller's
    /// non-escaping closure, which must not outlive the call.
    private var body: ((SQLiteConnection) -> Bool)?
    let wake = DispatchSemaphore(value: 0)
    var leads = false
    var isDone = false
    var commitError: (any Error)?

    init(inTransaction: Bool, _ body: @escaping (SQLiteConnection) -> Bool) {
        self.inTransaction = inTransaction
        self.body = body
    }

    /// Runs the body once; false when it threw.
    func run(_ connection: SQLiteConnection) -> Bool {
        defer { body = nil }
        return body?(connection) ?? false
    }

    /// Drops the body unrun, when its group could not be committed.
    func discard() {
        body = nil
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
