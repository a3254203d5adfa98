import FlowStore
import Foundation
import PostgresStore
import SQLiteStore
import Testing

/// The store an end-to-end test runs against: a fresh SQLite file, or — with
/// `FLOWPAGES_TEST_BACKEND=postgres` — a fresh schema of the PostgreSQL database
/// `FLOWPAGES_TEST_POSTGRES` names (`Tests/run.sh` runs the suite both ways). Each test has its
/// own, so tests run side by side.
package struct TestStore {
    /// The backends a run can use (`FLOWPAGES_TEST_BACKEND`).
    package enum Backend: String {
        case sqlite
        case postgres
    }

    /// Where the data is kept.
    package enum Place {
        case file(path: String, database: Database)
        case schema(url: String, database: PostgresDatabase)
    }

    /// The backend of this run.
    package static let backend = Backend(rawValue: ProcessInfo.processInfo.environment["FLOWPAGES_TEST_BACKEND"] ?? "sqlite") ?? .sqlite

    /// Where the data is kept.
    package let place: Place
    /// The store over it.
    package let store: any WebStore

    /// A store of its own for one test; `hasher` sets what a password costs (a cheap one by default).
    package static func fresh(_ name: String, hasher: PasswordHasher = LiveApp.hasher) throws -> TestStore {
        switch backend {
        case .sqlite:
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString).sqlite").path
            return try TestStore(place: .file(path: path, database: Database(path: path)), hasher: hasher)
        case .postgres:
            let url = try PostgresTestServer.freshSchema()
            return try TestStore(place: .schema(url: url, database: PostgresDatabase(url: url)), hasher: hasher)
        }
    }

    /// The key PostgreSQL stores of this test run keep secrets under, as every instance of one
    /// database is given the same (a SQLite file's is the file beside it, as the server's is).
    package static let postgresKey = StoreKey.random()

    private init(place: Place, hasher: PasswordHasher) throws {
        self.place = place
        store = switch place {
        case .file(let path, let database): SQLiteWebStore(database: database, key: try StoreKey.file(at: SQLiteWebStore.keyFile(for: path)), hasher: hasher)
        case .schema(_, let database): PostgresWebStore(database: database, key: Self.postgresKey, hasher: hasher)
        }
    }

    /// The same data opened again, as a restarted server opens it.
    package func reopened(hasher: PasswordHasher = LiveApp.hasher) throws -> TestStore {
        switch place {
        case .file(let path, _): try TestStore(place: .file(path: path, database: Database(path: path)), hasher: hasher)
        case .schema(let url, _): try TestStore(place: .schema(url: url, database: PostgresDatabase(url: url)), hasher: hasher)
        }
    }

    /// Runs SQL both backends read alike (no placeholders), for what only a test does to the data.
    package func execute(_ sql: String) throws {
        switch place {
        case .file(_, let database): try database.write { try $0.execute(sql) }
        case .schema(_, let database): try database.write { try $0.run(script: sql) }
        }
    }

    /// The navigation state of every stored session, as stored.
    package func sessionStates() throws -> [[UInt8]] {
        switch place {
        case .file(_, let database): try database.read { try $0.query("SELECT state FROM sessions") { $0.bytes(0) } }
        case .schema(_, let database): try database.read { try $0.query("SELECT state FROM sessions") { $0.bytes(0) } }
        }
    }

    /// The version of the one stored session.
    package func sessionVersion() throws -> Int? {
        switch place {
        case .file(_, let database): try database.read { try $0.queryFirst("SELECT version FROM sessions") { $0.int(0) } }
        case .schema(_, let database): try database.read { try $0.queryFirst("SELECT version FROM sessions") { $0.int(0) } }
        }
    }

    /// How many write transactions were asked of the store since it opened, by anyone.
    package var writes: Int {
        switch place {
        case .file(_, let database): database.writes
        case .schema(_, let database): database.writes
        }
    }

    /// How many sessions are stored.
    package func sessionCount() throws -> Int {
        try rowCount("sessions")
    }

    /// How many rows `table` holds.
    package func rowCount(_ table: String) throws -> Int {
        switch place {
        case .file(_, let database): try database.read { try $0.queryFirst("SELECT COUNT(*) FROM \(table)") { $0.int(0) } } ?? 0
        case .schema(_, let database): try database.read { try $0.queryFirst("SELECT COUNT(*) FROM \(table)") { $0.int(0) } } ?? 0
        }
    }

    /// The files a SQLite store keeps its data in; none for PostgreSQL, whose files are the server's.
    package var files: [String] {
        if case .file(let path, _) = place { [path, path + "-wal"] } else { [] }
    }
}

/// The PostgreSQL server of the test run, from `FLOWPAGES_TEST_POSTGRES`.
package enum PostgresTestServer {
    /// Whether the run has one: without it (a plain `swift test`) the suites that need it are skipped.
    package static let isConfigured = !(ProcessInfo.processInfo.environment["FLOWPAGES_TEST_POSTGRES"] ?? "").isEmpty

    /// The server's URL, or a failure saying how to get one.
    package static func url(sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        guard let url = ProcessInfo.processInfo.environment["FLOWPAGES_TEST_POSTGRES"], !url.isEmpty else {
            throw MissingServer()
        }
        return url
    }

    /// A test needs PostgreSQL and none is configured.
    package struct MissingServer: Error, CustomStringConvertible {
        /// How to give it one.
        package var description: String {
            "this test needs a PostgreSQL server: set FLOWPAGES_TEST_POSTGRES=postgres://user@host:port/db, or run `bash Tests/run.sh`, which starts a throwaway cluster"
        }
    }

    /// A new, empty schema of the server's database, and the URL that works in it.
    package static func freshSchema() throws -> String {
        let url = try url()
        let schema = "test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        let connection = try PostgresConnection(url: url)
        try connection.run(script: "CREATE SCHEMA \(schema)")
        return url + (url.contains("?") ? "&" : "?") + "options=-csearch_path%3D\(schema)"
    }
}
