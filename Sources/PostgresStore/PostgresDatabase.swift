import Dispatch
import FlowStore
import Foundation

/// A PostgreSQL database several FlowPages instances share: a bounded pool of connections,
/// the schema migrated when opened (once, however many instances start together), reads on
/// their own and writes in transactions.
///
/// A connection the server dropped (a restart, a failover) is closed, and so are the idle ones
/// opened before it, which went with it; the next request opens fresh ones, so instances recover
/// by themselves once the server is back. Until then callers get ``StoreUnavailable``.
///
/// `@unchecked Sendable`: `idle` and `writesAsked` are read and written only while `lock` is held, and a connection
/// taken out belongs to the one thread that took it (its slot of `slots`) until it is put back.
public final class PostgresDatabase: @unchecked Sendable {
    /// The URL without its password, for messages.
    public let location: String
    private let url: String
    /// The most connections open at once.
    public let maximumConnections: Int
    /// How long a caller waits for a connection when every one is busy, in seconds.
    public let maximumWait: Double
    private let lock = NSLock()
    private var idle: [PostgresConnection] = []
    private var writesAsked = 0
    private let slots: DispatchSemaphore

    /// Connects to `url` and brings its schema up to date.
    /// - Throws: ``StoreUnavailable`` when the server cannot be reached, or
    ///   ``PostgresMigrationError`` when its schema is newer than this code or a step fails.
    public init(url: String, maximumConnections: Int = 16, maximumWait: Double = 5, migrations: [PostgresMigration] = PostgresSchema.migrations) throws {
        self.url = url
        location = Self.withoutPassword(url)
        self.maximumConnections = max(1, maximumConnections)
        self.maximumWait = maximumWait
        slots = DispatchSemaphore(value: self.maximumConnections)
        try withConnection { connection in try PostgresMigrator(migrations: migrations).migrate(connection) }
    }

    /// Runs `body` with a connection outside any transaction (each statement on its own).
    public func read<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        try withConnection(body)
    }

    /// Runs `body` in one transaction: its changes are committed when it returns, or undone if
    /// it throws.
    public func write<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        lock.withLock { writesAsked += 1 }
        return try withConnection { connection in try connection.transaction { try body(connection) } }
    }

    /// How many write transactions this instance asked for since it opened the database: each
    /// ``write(_:)``, whoever calls it. What a request costs the database is counted by it.
    public var writes: Int { lock.withLock { writesAsked } }

    /// Lends a connection to `body`, opening one if none is idle.
    func withConnection<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        guard slots.wait(timeout: .now() + maximumWait) == .success else {
            throw StoreUnavailable("every one of the \(maximumConnections) connections to \(location) stayed busy for \(maximumWait) s")
        }
        defer { slots.signal() }
        let connection: PostgresConnection
        do {
            connection = try lock.withLock { idle.popLast() } ?? PostgresConnection(url: url)
        } catch let error as PostgresError {
            throw StoreUnavailable("cannot connect to \(location): \(error.message)")
        }
        do {
            let value = try body(connection)
            checkIn(connection)
            return value
        } catch let error as PostgresError where error.isConnectionFailure || connection.isBroken {
            // The server went away: the idle connections went with it.
            lock.withLock { idle.removeAll() }
            throw StoreUnavailable("lost the connection to \(location): \(error.message)")
        } catch {
            checkIn(connection)
            throw error
        }
    }

    private func checkIn(_ connection: PostgresConnection) {
        guard connection.isReusable else { return }
        lock.withLock { idle.append(connection) }
    }

    /// `postgres://user:secret@host/db` → `postgres://user@host/db`, and any `password=` of its
    /// query dropped: what may be logged.
    static func withoutPassword(_ url: String) -> String {
        guard var components = URLComponents(string: url) else { return "the database" }
        components.password = nil
        components.queryItems = components.queryItems?.filter { $0.name != "password" }
        if components.queryItems?.isEmpty == true { components.queryItems = nil }
        return components.string ?? "the database"
    }
}
