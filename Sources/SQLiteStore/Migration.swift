/// One step of the schema, applied once, in a transaction, in version order.
public struct Migration: Sendable {
    /// The `user_version` the database has after this step.
    public let version: Int
    /// What it does, for messages.
    public let name: String
    /// The statements, run in order.
    public let statements: [String]
    /// Work SQL cannot do (such as Unicode folding), run after the statements in the same
    /// transaction.
    public let then: (@Sendable (SQLiteConnection) throws -> Void)?

    public init(version: Int, name: String, statements: [String], then: (@Sendable (SQLiteConnection) throws -> Void)? = nil) {
        self.version = version
        self.name = name
        self.statements = statements
        self.then = then
    }
}

/// Why a database's schema could not be brought up to date; nothing was changed.
public enum MigrationError: Error, Equatable, CustomStringConvertible {
    /// The file was written by a newer FlowPages; it is left untouched.
    case newerDatabase(found: Int, supported: Int)
    /// A step failed and was rolled back.
    case failed(version: Int, name: String, SQLiteError)

    public var description: String {
        switch self {
        case .newerDatabase(let found, let supported):
            "the database has schema version \(found), newer than this FlowPages supports (\(supported)); use a newer release or another --db file"
        case .failed(let version, let name, let error):
            "migration \(version) (\(name)) failed and was rolled back: \(error)"
        }
    }
}

/// Applies migrations, tracking the schema version in `PRAGMA user_version`.
struct Migrator {
    let migrations: [Migration]

    func migrate(_ connection: SQLiteConnection) throws {
        let latest = migrations.map(\.version).max() ?? 0
        let current = try connection.queryFirst("PRAGMA user_version") { $0.int(0) } ?? 0
        guard current <= latest else {
            throw MigrationError.newerDatabase(found: current, supported: latest)
        }
        for migration in migrations.sorted(by: { $0.version < $1.version }) where migration.version > current {
            do {
                try connection.transaction {
                    for statement in migration.statements { try connection.execute(statement) }
                    try migration.then?(connection)
                    // PRAGMA takes no bound values; the version is a number from our own list.
                    try connection.execute("PRAGMA user_version = \(migration.version)")
                }
            } catch let error as SQLiteError {
                throw MigrationError.failed(version: migration.version, name: migration.name, error)
            }
        }
    }
}
