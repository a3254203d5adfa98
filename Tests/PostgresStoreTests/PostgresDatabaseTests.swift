import Dispatch
import FlowStore
import Foundation
import PostgresStore
import Synchronization
import Testing

/// Connections, errors, the pool and migrations, on a real PostgreSQL server.
@Suite(.enabled(if: hasTestServer, "needs PostgreSQL: `bash Tests/run.sh` starts one, or set FLOWPAGES_TEST_POSTGRES"))
struct PostgresDatabaseTests {
    @Test func errorsCarrySQLStateMessageAndSQLButNeverTheValues() throws {
        let connection = try PostgresConnection(url: try freshSchemaURL())
        try connection.run(script: "CREATE TABLE secrets (value text PRIMARY KEY)")
        try connection.execute("INSERT INTO secrets (value) VALUES ($1)", [.text("hunter2-secret")])
        let error = try #require(throws: PostgresError.self) {
            try connection.execute("INSERT INTO secrets (value) VALUES ($1)", [.text("hunter2-secret")])
        }
        #expect(error.sqlState == PostgresError.uniqueViolation)
        #expect(error.sql == "INSERT INTO secrets (value) VALUES ($1)")
        #expect(!error.description.contains("hunter2"), "\(error)")
        #expect(!error.isConnectionFailure)
        #expect(throws: PostgresError.self) { try connection.execute("SELEKT 1") }
        #expect(try connection.queryFirst("SELECT 41 + $1", [.int(1)]) { $0.int(0) } == 42, "the connection goes on after an error")
    }

    @Test func valuesTravelWhole() throws {
        let connection = try PostgresConnection(url: try freshSchemaURL())
        let bytes: [UInt8] = [0, 1, 0x5C, 0x78, 255, 0]
        let row = try connection.queryFirst("SELECT $1::bytea, $2::text, $3::bigint, $4::boolean, $5::text IS NULL",
                                            [.bytes(bytes), .text("café ☕ 'quoted' \\x"), .integer(-9_007_199_254_740_993), .boolean(true), .null]) {
            ($0.bytes(0), $0.string(1), $0.string(2), $0.bool(3), $0.bool(4))
        }
        #expect(row?.0 == bytes && row?.1 == "café ☕ 'quoted' \\x" && row?.2 == "-9007199254740993" && row?.3 == true && row?.4 == true)
    }

    @Test func theLocationNeverShowsThePassword() throws {
        let masked = try PostgresDatabase(url: try freshSchemaURL().replacingOccurrences(of: "flowpages@", with: "flowpages:letmein@"))
        #expect(!masked.location.contains("letmein") && masked.location.contains("flowpages@"))
    }

    @Test func aServerThatCannotBeReachedIsUnavailable() throws {
        let closed = "postgres://flowpages@127.0.0.1:1/flowpages?connect_timeout=2"
        #expect(throws: StoreUnavailable.self) { try PostgresDatabase(url: closed) }
    }

    @Test func instancesStartingTogetherMigrateOnce() throws {
        let url = try freshSchemaURL()
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 6) { _ in
            do {
                _ = try PostgresDatabase(url: url, maximumConnections: 2)
            } catch {
                failures.withLock { $0.append("\(error)") }
            }
        }
        #expect(failures.withLock { $0 }.isEmpty)
        let versions = try PostgresConnection(url: url).query("SELECT version FROM flowpages_schema ORDER BY version") { $0.int(0) }
        #expect(versions == PostgresSchema.migrations.map(\.version), "each step once")
    }

    @Test func aNewerDatabaseIsRefusedUntouched() throws {
        let url = try freshSchemaURL()
        _ = try PostgresDatabase(url: url)
        try PostgresConnection(url: url).execute("INSERT INTO flowpages_schema (version) VALUES (99)")
        #expect(throws: PostgresMigrationError.newerDatabase(found: 99, supported: PostgresSchema.migrations.map(\.version).max()!)) {
            try PostgresDatabase(url: url)
        }
    }

    @Test func aFailedStepIsRolledBackAndNamed() throws {
        let url = try freshSchemaURL()
        let next = PostgresSchema.migrations.map(\.version).max()! + 1
        let broken = PostgresSchema.migrations + [PostgresMigration(version: next, name: "a broken step", statements: [
            "CREATE TABLE half_done (id integer)", "ALTER TABLE nowhere ADD COLUMN x integer",
        ])]
        #expect {
            try PostgresDatabase(url: url, migrations: broken)
        } throws: { error in
            guard case .failed(next, "a broken step", let cause)? = error as? PostgresMigrationError else { return false }
            return cause.sqlState == "42P01"
        }
        let connection = try PostgresConnection(url: url)
        #expect(try connection.queryFirst("SELECT to_regclass('half_done') IS NULL") { $0.bool(0) } == true, "nothing of the step is kept")
        #expect(try connection.queryFirst("SELECT MAX(version) FROM flowpages_schema") { $0.int(0) } == next - 1)
    }

    @Test func thePoolLendsAtMostItsConnectionsAndTheNextWaitsThenGivesUp() throws {
        let database = try PostgresDatabase(url: try freshSchemaURL(), maximumConnections: 2, maximumWait: 0.3)
        let (holding, release) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
        let done = DispatchGroup()
        for _ in 0..<2 {
            DispatchQueue.global().async(group: done) {
                _ = try? database.read { _ in
                    holding.signal()
                    release.wait()
                }
            }
        }
        holding.wait()
        holding.wait()
        let began = Date()
        #expect(throws: StoreUnavailable.self) { try database.read { _ in } }
        #expect(Date().timeIntervalSince(began) >= 0.25, "it waited for a connection first")
        release.signal()
        release.signal()
        done.wait()
        #expect(try database.read { try $0.queryFirst("SELECT 1") { $0.int(0) } } == 1, "connections come back to the pool")
    }

    @Test func aWriteThatThrowsKeepsNothing() throws {
        let database = try PostgresDatabase(url: try freshSchemaURL())
        try database.write { try $0.run(script: "CREATE TABLE notes (text text)") }
        struct Abandoned: Error {}
        #expect(throws: Abandoned.self) {
            try database.write { connection in
                try connection.execute("INSERT INTO notes (text) VALUES ($1)", [.text("kept?")])
                throw Abandoned()
            }
        }
        #expect(try database.read { try $0.queryFirst("SELECT COUNT(*) FROM notes") { $0.int(0) } } == 0)
        _ = try database.write { try $0.execute("INSERT INTO notes (text) VALUES ($1)", [.text("kept")]) }
        #expect(try database.read { try $0.queryFirst("SELECT COUNT(*) FROM notes") { $0.int(0) } } == 1, "the pool's connection is clean again")
    }

    /// Statements no one waits for ride with the next one or with COMMIT, in order; one that
    /// fails fails its whole transaction, as if it had run at once.
    @Test func statementsSentLaterKeepTheirOrderAndTheirTransaction() throws {
        let database = try PostgresDatabase(url: try freshSchemaURL())
        try database.write { try $0.run(script: "CREATE TABLE notes (position integer PRIMARY KEY, text text)") }
        try database.write { connection in
            try connection.executeLater("INSERT INTO notes (position, text) VALUES ($1, $2)", [.int(1), .text("first")])
            try connection.executeLater("INSERT INTO notes (position, text) VALUES ($1, $2)", [.int(2), .text("second")])
            #expect(try connection.queryFirst("SELECT COUNT(*) FROM notes") { $0.int(0) } == 2, "sent before the next query, in its transaction")
            try connection.executeLater("INSERT INTO notes (position, text) VALUES ($1, $2)", [.int(3), .text("with the commit")])
        }
        #expect(try database.read { try $0.query("SELECT text FROM notes ORDER BY position") { $0.string(0) } } == ["first", "second", "with the commit"])

        for failing in [false, true] {
            let error = try #require(throws: PostgresError.self) {
                try database.write { connection in
                    try connection.executeLater("INSERT INTO notes (position, text) VALUES ($1, $2)", [.int(4), .text("lost")])
                    try connection.executeLater("INSERT INTO notes (position, text) VALUES ($1, $2)", [.int(1), .text("taken")])
                    // With the next query, or else with the COMMIT.
                    if failing { _ = try connection.queryFirst("SELECT 1") { $0.int(0) } }
                }
            }
            #expect(error.sqlState == PostgresError.uniqueViolation)
            #expect(error.sql == "INSERT INTO notes (position, text) VALUES ($1, $2)")
            #expect(try database.read { try $0.queryFirst("SELECT COUNT(*) FROM notes") { $0.int(0) } } == 3, "nothing of the failed transaction is kept")
        }
        #expect(try database.write { try $0.execute("UPDATE notes SET text = $1 WHERE position = 1", [.text("again")]) } == 1,
                "the pool's connection is clean again")
        #expect(throws: PostgresError.self, "outside a transaction it runs at once, and says when it fails") {
            try database.read { try $0.executeLater("INSERT INTO notes (position, text) VALUES ($1, $2)", [.int(1), .text("taken")]) }
        }
    }
}
