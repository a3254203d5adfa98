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
        #expect(try version(database) == Schema.migrations.count)
        #expect(try tables(database) == ["accounts", "accounts_by_email_key", "events", "events_by_app", "events_by_session", "events_by_time",
                                         "link_counts", "outbox", "record_counters", "records", "records_by_scope", "records_in_order", "sessions", "sessions_by_last_seen", "tokens",
                                         "tokens_by_account"])
    }

    @Test(arguments: [0, 1, 2, 3])
    func everyEarlierVersionMigratesAndKeepsItsData(from start: Int) throws {
        let path = temporaryDatabasePath()
        let old = try Database(path: path, migrations: Array(Schema.migrations.prefix(start)))
        if start >= 1 {
            try OutboxStore(database: old).send(app: "a", to: "x@example.com", subject: "kept", body: "b", now: 5)
        }
        let migrated = try Database(path: path)
        #expect(try version(migrated) == Schema.migrations.count)
        #expect(try tables(migrated).contains("events_by_app") && tables(migrated).contains("accounts_by_email_key"))
        #expect(try OutboxStore(database: migrated).messages(app: "a").map(\.subject) == (start >= 1 ? ["kept"] : []))
    }

    @Test func aNewerDatabaseIsRefusedAndUntouched() throws {
        let path = temporaryDatabasePath()
        let newer = try Database(path: path, migrations: Schema.migrations + [Migration(version: 9, name: "future", statements: ["CREATE TABLE future (x)"])])
        #expect(try version(newer) == 9)
        #expect(throws: MigrationError.newerDatabase(found: 9, supported: Schema.migrations.count)) { try Database(path: path) }
        #expect(try version(try Database(path: path, migrations: Schema.migrations + [Migration(version: 9, name: "future", statements: [])])) == 9)
        #expect(MigrationError.newerDatabase(found: 9, supported: Schema.migrations.count).description.contains("newer than this FlowPages supports (\(Schema.migrations.count))"))
    }

    @Test func aFailingMigrationRollsBackWhole() throws {
        let path = temporaryDatabasePath()
        _ = try Database(path: path)
        let broken = Migration(version: Schema.migrations.count + 1, name: "broken", statements: ["CREATE TABLE half (x)", "THIS IS NOT SQL"])
        #expect(throws: MigrationError.self) { try Database(path: path, migrations: Schema.migrations + [broken]) }
        let reopened = try Database(path: path)
        #expect(try version(reopened) == Schema.migrations.count)
        #expect(try !tables(reopened).contains("half"))
    }

    @Test func version3GivesOlderAccountsNormalisedEmailKeysAndTheOlderLookAlikeWins() throws {
        let path = temporaryDatabasePath()
        let old = try Database(path: path, migrations: Array(Schema.migrations.prefix(2)))
        let hash = try cheapHasher.hash("password123")
        // Version 2 compared emails with NOCASE only, so these were three accounts.
        try old.write { connection in
            for (id, email) in [(1, "jos\u{E9}@example.com"), (2, "JOSE\u{301}@example.com"), (3, "\u{FF54}est@example.com"), (4, "Test@Example.com")] {
                try connection.execute("INSERT INTO accounts (id, app, email, password_hash, created_at) VALUES (?, 'suma', ?, ?, 0)",
                                       [.integer(Int64(id)), .text(email), .text(hash)])
            }
        }
        let store = AccountStore(database: try Database(path: path), hasher: cheapHasher)
        #expect(try store.account(app: "suma", email: "jose\u{301}@example.com")?.id == 1)
        #expect(try store.account(app: "suma", email: "test@example.com")?.id == 3)
        #expect(try store.authenticate(app: "suma", email: "TEST@example.com", password: "password123")?.id == 3)
        #expect(throws: AccountStore.AccountError.emailTaken) { try store.create(app: "suma", email: "Jos\u{E9}@example.com", password: "x") }
        #expect(try store.account(id: 4)?.email == "Test@Example.com", "the newer look-alike is kept, unreachable by email")
    }
}
