import FlowStore
import Foundation
import PostgresStore
import SQLiteStore

/// A backend the storage contract runs against.
enum StoreBackend: String, CustomStringConvertible, Sendable {
    case sqlite
    case postgres

    /// SQLite always; PostgreSQL when the run names a server (`FLOWPAGES_TEST_POSTGRES`, which
    /// `Tests/run.sh` sets after starting a throwaway cluster).
    static let available: [StoreBackend] = [.sqlite] + (server == nil ? [] : [.postgres])

    private static let server = ProcessInfo.processInfo.environment["FLOWPAGES_TEST_POSTGRES"].flatMap { $0.isEmpty ? nil : $0 }
    static let hasher = PasswordHasher(logRounds: 10, blockSize: 8, parallelism: 1)
    /// What every instance of one database is given.
    static let key = StoreKey.random()

    var description: String { rawValue }

    struct NoServer: Error {}

    /// Two stores over one new, empty database: two instances of a PostgreSQL database, each
    /// with its own pool; for SQLite, the one file's database, as one instance serves a file.
    func instances() throws -> (any WebStore, any WebStore) {
        switch self {
        case .sqlite:
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("contract-\(UUID().uuidString).sqlite").path
            let database = try Database(path: path)
            return (SQLiteWebStore(database: database, key: Self.key, hasher: Self.hasher), SQLiteWebStore(database: database, key: Self.key, hasher: Self.hasher))
        case .postgres:
            let url = try Self.newSchema()
            return (PostgresWebStore(database: try PostgresDatabase(url: url), key: Self.key, hasher: Self.hasher),
                    PostgresWebStore(database: try PostgresDatabase(url: url), key: Self.key, hasher: Self.hasher))
        }
    }

    /// A schema of its own in the server's database, so tests run side by side: its URL.
    private static func newSchema() throws -> String {
        guard let server else { throw NoServer() }
        let name = "contract_" + UUID().uuidString.lowercased().filter(\.isHexDigit)
        try PostgresConnection(url: server).run(script: "CREATE SCHEMA \(name)")
        return server + (server.contains("?") ? "&" : "?") + "options=-csearch_path%3D\(name)"
    }
}
