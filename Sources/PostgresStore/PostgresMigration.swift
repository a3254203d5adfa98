/// One step of the schema, applied once, in a transaction, in version order.
public struct PostgresMigration: Sendable {
    /// The version the database has after this step.
    public let version: Int
    /// What it does, for messages.
    public let name: String
    /// The statements, run in order.
    public let statements: [String]

    public init(version: Int, name: String, statements: [String]) {
        self.version = version
        self.name = name
        self.statements = statements
    }
}

/// Why a database's schema could not be brought up to date; nothing was changed.
public enum PostgresMigrationError: Error, Equatable, CustomStringConvertible {
    /// The database was migrated by a newer FlowPages; it is left untouched.
    case newerDatabase(found: Int, supported: Int)
    /// A step failed and was rolled back.
    case failed(version: Int, name: String, PostgresError)

    public var description: String {
        switch self {
        case .newerDatabase(let found, let supported):
            "the database has schema version \(found), newer than this FlowPages supports (\(supported)); use a newer release or another database"
        case .failed(let version, let name, let error):
            "migration \(version) (\(name)) failed and was rolled back: \(error)"
        }
    }
}

/// Applies migrations under an advisory lock of the schema, so instances starting together
/// migrate once: the first takes the lock and migrates, the others wait and find it done.
struct PostgresMigrator {
    let migrations: [PostgresMigration]

    func migrate(_ connection: PostgresConnection) throws {
        try connection.execute("SELECT pg_advisory_lock(hashtext(current_schema() || ':flowpages-migrations'))")
        defer { _ = try? connection.execute("SELECT pg_advisory_unlock(hashtext(current_schema() || ':flowpages-migrations'))") }
        try connection.run(script: "CREATE TABLE IF NOT EXISTS flowpages_schema (version integer NOT NULL)")
        let latest = migrations.map(\.version).max() ?? 0
        let current = try connection.queryFirst("SELECT COALESCE(MAX(version), 0) FROM flowpages_schema") { $0.int(0) } ?? 0
        guard current <= latest else {
            throw PostgresMigrationError.newerDatabase(found: current, supported: latest)
        }
        for migration in migrations.sorted(by: { $0.version < $1.version }) where migration.version > current {
            do {
                try connection.transaction {
                    for statement in migration.statements { try connection.run(script: statement) }
                    try connection.execute("INSERT INTO flowpages_schema (version) VALUES ($1)", [.int(migration.version)])
                }
            } catch let error as PostgresError where !error.isConnectionFailure {
                throw PostgresMigrationError.failed(version: migration.version, name: migration.name, error)
            }
        }
    }
}
