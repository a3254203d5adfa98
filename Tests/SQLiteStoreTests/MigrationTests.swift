import Foundation
import SQLiteStore
import Testing

@Suite struct MigrationTests {
    func version(_ database: Database) throws -> Int? {
        try database.withWriter { try $0.queryFirst("PRAGMA user_version") { $0.int(0) } }
    }

    func tables(_ database: Database) throws -> [String] {
        try database.withWriter { try $0.query("SELECT name FROM sqlite_master WHERE type IN ('table', 'index') AND name NOT LIKE 'sqlite_%' ORDER BY name") { $0.string(0) ?? "" } }
    }

    @Test func aNewDatabaseGetsTheWholeSchema() throws {
        let database = try makeDatabase()
        #expect(try version(database) == 2)
        #expect(try tables(database) == ["accounts", "events", "events_by_app", "events_by_session", "outbox", "sessions",
                                         "sessions_by_last_seen", "tokens", "tokens_by_account"])
    }

    @Test(arguments: [0, 1])
    func everyEarlierVersionMigratesAndKeepsItsData(from start: Int) throws {
        let path = temporaryDatabasePath()
        let old = try Database(path: path, migrations: Array(Schema.migrations.prefix(start)))
        if start >= 1 {
            try OutboxStore(database: old).send(app: "a", to: "x@example.com", subject: "kept", body: "b", now: 5)
        }
        let migrated = try Database(path: path)
        #expect(try version(migrated) == 2)
        #expect(try tables(migrated).contains("events_by_app"))
        #expect(try OutboxStore(database: migrated).messages(app: "a").map(\.subject) == (start >= 1 ? ["kept"] : []))
    }

    @Test func aNewerDatabaseIsRefusedAndUntouched() throws {
        let path = temporaryDatabasePath()
        let newer = try Database(path: path, migrations: Schema.migrations + [Migration(version: 9, name: "future", statements: ["CREATE TABLE future (x)"])])
        #expect(try version(newer) == 9)
        #expect(throws: MigrationError.newerDatabase(found: 9, supported: 2)) { try Database(path: path) }
        #expect(try version(try Database(path: path, migrations: Schema.migrations + [Migration(version: 9, name: "future", statements: [])])) == 9)
        #expect(MigrationError.newerDatabase(found: 9, supported: 2).description.contains("newer than this FlowPages supports (2)"))
    }

    @Test func aFailingMigrationRollsBackWhole() throws {
        let path = temporaryDatabasePath()
        _ = try Database(path: path)
        let broken = Migration(version: 3, name: "broken", statements: ["CREATE TABLE half (x)", "THIS IS NOT SQL"])
        #expect(throws: MigrationError.self) { try Database(path: path, migrations: Schema.migrations + [broken]) }
        let reopened = try Database(path: path)
        #expect(try version(reopened) == 2)
        #expect(try !tables(reopened).contains("half"))
    }
}
