import FlowStore
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
        #expect(try tables(database) == ["accounts", "accounts_by_email_key", "attempts", "attempts_by_expiry", "audit_findings", "audit_passes", "audit_passes_by_review", "audit_reviews", "audit_reviews_by_app", "audit_screenshots", "deferred_links", "deferred_links_by_expiry", "event_counts", "events", "events_by_session", "events_by_time",
                                         "funnel_sessions", "link_counts", "outbox", "outbox_by_mailbox", "record_counters", "records", "records_by_scope", "records_in_order",
                                         "sessions", "sessions_by_last_seen", "sessions_by_user", "tokens", "tokens_by_account",
                                         "usability_answers", "usability_attempts", "usability_attempts_by_tester", "usability_steps", "usability_steps_by_attempt",
                                         "usability_test_status", "usability_testers", "usability_testers_by_test", "usability_tests"])
    }

    @Test(arguments: [0, 1, 2, 3])
    func everyEarlierVersionMigratesAndKeepsItsData(from start: Int) throws {
        let path = temporaryDatabasePath()
        let old = try Database(path: path, migrations: Array(Schema.migrations.prefix(start)))
        if start >= 1 {
            // As version 1 wrote it, without the columns added since.
            try old.write { try $0.execute("INSERT INTO outbox (app, recipient, subject, body, sent_at) VALUES ('a', 'x@example.com', 'kept', 'b', 5)") }
        }
        let migrated = try Database(path: path)
        #expect(try version(migrated) == Schema.migrations.count)
        #expect(try tables(migrated).contains("event_counts") && tables(migrated).contains("accounts_by_email_key"))
        #expect(try makeStore(migrated).read { try $0.outbox.messages(app: "a", mailbox: nil, limit: 100) }.map(\.subject) == (start >= 1 ? ["kept"] : []))
    }

    /// A fixture account changed in itself — as before testers had copies of their own — is put
    /// back as documented by the upgrade and the next start's seeding: its password, its profile
    /// and its records; other accounts keep theirs.
    @Test func version13PutsFixtureAccountsBackAsDocumented() throws {
        let path = temporaryDatabasePath()
        let old = try Database(path: path, migrations: Array(Schema.migrations.prefix(12)))
        let before = try makeStore(old)
        let fixture = try before.newAccount(app: "rp", email: "test@example.com", password: "changed-by-someone",
                                            profile: ["fullName": "Someone Else"], verified: true, isFixture: true)
        let person = try before.newAccount(app: "rp", email: "me@example.com", password: "my-own-password", verified: true)
        try before.seedRecords(app: "rp", [FixtureRecord(collection: "favorites", id: "1", values: ["listing": .string("456")], accountEmail: "test@example.com")])
        try before.transaction { transaction in
            for id in [fixture.id, person.id] {
                _ = try transaction.records.insert(app: "rp", collection: "favorites", scope: .account(id), values: ["listing": .string("123")], now: 1)
            }
        }

        let migrated = try Database(path: path)
        let accounts = try makeStore(migrated)
        try accounts.seedFixtures(app: "rp", accounts: [FixtureAccount(email: "test@example.com", password: "password123", profile: ["fullName": "Test Buyer"])],
                                  fixtureEmails: [])
        #expect(try accounts.authenticate(app: "rp", email: "test@example.com", password: "password123", allowingFixtures: true)?.profile == ["fullName": "Test Buyer"])
        #expect(try accounts.authenticate(app: "rp", email: "test@example.com", password: "changed-by-someone", allowingFixtures: true) == nil)
        #expect(try accounts.authenticate(app: "rp", email: "me@example.com", password: "my-own-password", allowingFixtures: true) != nil, "other accounts keep theirs")
        #expect(try accounts.records.list(app: "rp", collection: "favorites", scope: .account(fixture.id)).map { $0.values["listing"]?.text } == ["456"])
        #expect(try accounts.records.list(app: "rp", collection: "favorites", scope: .account(person.id)).map { $0.values["listing"]?.text } == ["123"])
    }

    @Test func aNewerDatabaseIsRefusedAndUntouched() throws {
        let path = temporaryDatabasePath()
        let future = Schema.migrations.count + 1
        let newer = try Database(path: path, migrations: Schema.migrations + [Migration(version: future, name: "future", statements: ["CREATE TABLE future (x)"])])
        #expect(try version(newer) == future)
        #expect(throws: MigrationError.newerDatabase(found: future, supported: Schema.migrations.count)) { try Database(path: path) }
        #expect(try version(try Database(path: path, migrations: Schema.migrations + [Migration(version: future, name: "future", statements: [])])) == future)
        #expect(MigrationError.newerDatabase(found: future, supported: Schema.migrations.count).description.contains("newer than this FlowPages supports (\(Schema.migrations.count))"))
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

    @Test func version9NumbersSessionsAndMovesTheFactsOfOlderEventsIntoColumns() throws {
        let path = temporaryDatabasePath()
        let old = try Database(path: path, migrations: Array(Schema.migrations.prefix(8)))
        let id = "a session of version 8"
        try old.write { connection in
            try connection.execute(
                "INSERT INTO sessions (id_hash, app, state, version, created_at, last_seen_at, csrf_secret, data_key) VALUES (?, 'suma', ?, 1, ?, ?, 's', 'k')",
                [.blob(Secret.hash(id)), .blob([7]), .integer(86_400_000), .integer(86_400_000)])
            for (time, kind, screen, previous, detail) in [
                (86_400_001, "screen_view", "register", "login", nil), (86_400_002, "back_button_pressed", "register", nil, "stack_depth=3"),
                (86_400_003, "funnel_step", "register", nil, "funnel=registration step=2 name=personal_info_entered"),
                (86_400_004, "deep_link_opened", "login", nil, "sumafinance://auth/login"), (86_400_005, "error_shown", "login", nil, "login-failed"),
            ] as [(Int64, String, String, String?, String?)] {
                try connection.execute("INSERT INTO events (time, session_hash, app, kind, screen, previous_screen, detail) VALUES (?, ?, 'suma', ?, ?, ?, ?)",
                                       [.integer(time), .blob(Secret.hash(id)), .text(kind), .text(screen), .string(previous), .string(detail)])
            }
        }
        let migrated = try Database(path: path)
        let store = SQLiteWebStore(database: migrated, key: testKey, hasher: cheapHasher)
        #expect(try store.read { try $0.sessions.load(id: id, now: 86_400_010) }?.state == [7])
        let events = try store.read { try $0.events.events(session: id) }
        #expect(events.map(\.kind) == ["screen_view", "back_button_pressed", "funnel_step", "deep_link_opened", "error_shown"], "still the session's")
        #expect(events[1].depth == 3 && events[1].detail == nil)
        #expect(events[2].funnel == "registration" && events[2].stepNumber == 2 && events[2].step == "personal_info_entered")
        #expect(events[3].link == "sumafinance://auth/login" && events[4].detail == "login-failed")
        #expect(try store.read { try $0.events.counts(app: "suma", metric: .moves, from: "1970-01-02", to: "1970-01-02", byDay: false) }.map(\.subject) == ["login"])
        #expect(try store.read { try $0.events.counts(app: "suma", metric: .funnel, from: "1970-01-02", to: "1970-01-02", byDay: false) }.map(\.detail) == ["2\tpersonal_info_entered"])
        #expect(try store.read { try $0.events.counts(app: "suma", metric: .sessions, from: "1970-01-02", to: "1970-01-02", byDay: false) }.map(\.count) == [1])
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
        let store = try makeStore(try Database(path: path))
        #expect(try store.accounts.account(app: "suma", email: "jose\u{301}@example.com")?.id == 1)
        #expect(try store.accounts.account(app: "suma", email: "test@example.com")?.id == 3)
        #expect(try store.authenticate(app: "suma", email: "TEST@example.com", password: "password123", allowingFixtures: true)?.id == 3)
        #expect(throws: AccountError.emailTaken) { try store.newAccount(app: "suma", email: "Jos\u{E9}@example.com", password: "x") }
        #expect(try store.accounts.account(id: 4)?.email == "Test@Example.com", "the newer look-alike is kept, unreachable by email")
    }
}
