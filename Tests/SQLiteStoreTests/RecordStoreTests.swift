import FlowStore
import SQLiteStore
import Testing

@Suite struct RecordStoreTests {
    let database: Database
    let records: RecordStore
    let sessions: SessionStore
    let accounts: AccountStore

    init() throws {
        database = try makeDatabase()
        records = RecordStore(database: database)
        sessions = SessionStore(database: database, idleLifetime: 1_000, absoluteLifetime: 10_000)
        accounts = AccountStore(database: database, key: testKey, hasher: PasswordHasher(logRounds: 10, blockSize: 8, parallelism: 1))
    }

    static let fixtures = [
        FixtureRecord(collection: "projects", id: "p1", values: ["name": .string("Alpha")]),
        FixtureRecord(collection: "projects", id: "p2", values: ["name": .string("Beta")]),
    ]

    func names(_ scope: RecordScope) throws -> [String] {
        try records.records(app: "coin", collection: "projects", scope: scope).compactMap { $0.values["name"]?.text }
    }

    func write<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        try database.write(body)
    }

    @Test func seedingTwiceChangesNothingAndKeepsWhatPeopleChanged() throws {
        try records.seed(app: "coin", Self.fixtures, accounts: accounts)
        let renamed = try write { try records.update(app: "coin", collection: "projects", scope: .app, id: "p1", values: ["name": .string("Renamed")], now: 5, in: $0) }
        #expect(renamed)
        try records.seed(app: "coin", Self.fixtures + [FixtureRecord(collection: "projects", id: "p3", values: ["name": .string("Gamma")])],
                         accounts: accounts)
        #expect(try names(.app) == ["Renamed", "Beta", "Gamma"])
    }

    @Test func aSessionsEditsAreItsOwnAndGoWithIt() throws {
        try records.seed(app: "coin", Self.fixtures, accounts: accounts)
        let first = try sessions.create(app: "coin", state: [0], dataKey: "key-1", now: 0)
        _ = try sessions.create(app: "coin", state: [0], dataKey: "key-2", now: 0)
        let created = try write { connection in
            _ = try records.update(app: "coin", collection: "projects", scope: .session("key-1"), id: "p1", values: ["name": .string("Mine")], now: 1, in: connection)
            _ = try records.delete(app: "coin", collection: "projects", scope: .session("key-1"), id: "p2", now: 1, in: connection)
            return try records.insert(app: "coin", collection: "projects", scope: .session("key-1"), values: ["name": .string("New")], now: 1, in: connection)
        }
        #expect(created == "1")
        #expect(try names(.session("key-1")) == ["Mine", "New"])
        #expect(try names(.session("key-2")) == ["Alpha", "Beta"], "another session sees the fixtures as they were")
        #expect(try names(.app) == ["Alpha", "Beta"])
        #expect(try records.record(app: "coin", collection: "projects", scope: .session("key-1"), id: "p2") == nil)
        try sessions.end(id: first)
        #expect(try names(.session("key-1")) == ["Alpha", "Beta"], "ended, its copy is gone")
        _ = try write { try records.update(app: "coin", collection: "projects", scope: .session("key-2"), id: "p1", values: ["name": .string("Theirs")], now: 1, in: $0) }
        #expect(try sessions.sweep(now: 5_000) == 1)
        #expect(try names(.session("key-2")) == ["Alpha", "Beta"], "swept with its session")
    }

    @Test func aDeletedRecordStaysDeleted() throws {
        try records.seed(app: "coin", Self.fixtures, accounts: accounts)
        let (shared, mine) = try write { connection in
            let shared = try records.delete(app: "coin", collection: "projects", scope: .app, id: "p2", now: 1, in: connection)
            let mine = try records.delete(app: "coin", collection: "projects", scope: .session("key-1"), id: "p1", now: 1, in: connection)
            return (shared, mine)
        }
        #expect(shared && mine)
        let (again, edited) = try write { connection in
            (try records.delete(app: "coin", collection: "projects", scope: .session("key-1"), id: "p1", now: 2, in: connection),
             // An edit posted from a page shown before the delete.
             try records.update(app: "coin", collection: "projects", scope: .session("key-1"), id: "p1", values: ["name": .string("Back")], now: 2, in: connection))
        }
        #expect(!again && !edited, "a deleted record is not there to delete or edit")
        #expect(try names(.session("key-1")) == [], "nor does the edit bring it back")
        try records.seed(app: "coin", Self.fixtures, accounts: accounts)
        #expect(try names(.app) == ["Alpha"], "seeding again does not bring a deleted fixture back")

        let created = try write { try records.insert(app: "coin", collection: "projects", scope: .app, values: ["name": .string("New")], now: 3, in: $0) }
        #expect(try write { try records.delete(app: "coin", collection: "projects", scope: .app, id: created, now: 4, in: $0) })
        let left = try database.read { try $0.queryFirst("SELECT COUNT(*) FROM records WHERE id = ?", [.text(created)]) { $0.int(0) } }
        #expect(left == 0, "a record that was never a fixture leaves no mark")
    }

    @Test func accountRecordsBelongToTheirAccount() throws {
        let buyer = try accounts.create(app: "rp", email: "buyer@example.com", password: "password123", verified: true)
        let other = try accounts.create(app: "rp", email: "other@example.com", password: "password123", verified: true)
        try records.seed(app: "rp", [FixtureRecord(collection: "favorites", id: "1", values: ["listing": .string("123")], accountEmail: "buyer@example.com")],
                         accounts: accounts)
        #expect(try records.records(app: "rp", collection: "favorites", scope: .account(buyer.id)).map(\.id) == ["1"])
        #expect(try records.records(app: "rp", collection: "favorites", scope: .account(other.id)).isEmpty)
        let id = try write { try records.insert(app: "rp", collection: "favorites", scope: .account(other.id), values: ["listing": .string("456")], now: 1, in: $0) }
        #expect(id == "2", "ids are unique across the collection, so a link never names another person's record")
        #expect(try records.record(app: "rp", collection: "favorites", scope: .account(buyer.id), id: "2") == nil)
        #expect(try write { try records.delete(app: "rp", collection: "favorites", scope: .account(buyer.id), id: "2", now: 2, in: $0) } == false)
    }

    @Test func aCopyOfAFixtureAccountsRecordsIsOneSessionsAndGoesWithIt() throws {
        let fixture = try accounts.create(app: "rp", email: "test@example.com", password: "password123", verified: true, isFixture: true)
        try records.seed(app: "rp", [FixtureRecord(collection: "inquiries", id: "1", values: ["unread": .boolean(true)], accountEmail: "test@example.com")],
                         accounts: accounts)
        let first = try sessions.create(app: "rp", state: [0], dataKey: "key-1", now: 0)
        _ = try sessions.create(app: "rp", state: [0], dataKey: "key-2", now: 0)
        let (mine, theirs) = (RecordScope.accountCopy(fixture.id, session: "key-1"), RecordScope.accountCopy(fixture.id, session: "key-2"))
        func unread(_ scope: RecordScope) throws -> Int {
            try database.read { try records.count(app: "rp", collection: "inquiries", scope: scope, matching: ["unread": .boolean(true)], in: $0) }
        }
        _ = try write { connection in
            _ = try records.update(app: "rp", collection: "inquiries", scope: mine, id: "1", values: ["unread": .boolean(false)], now: 1, in: connection)
            return try records.insert(app: "rp", collection: "inquiries", scope: mine, values: ["unread": .boolean(false)], now: 1, in: connection)
        }
        #expect(try unread(mine) == 0 && records.records(app: "rp", collection: "inquiries", scope: mine).count == 2)
        #expect(try unread(theirs) == 1 && unread(.account(fixture.id)) == 1, "another tester, and the account itself, are untouched")
        #expect(try records.records(app: "rp", collection: "inquiries", scope: theirs).map(\.id) == ["1"])
        try sessions.end(id: first)
        #expect(try unread(mine) == 1 && records.records(app: "rp", collection: "inquiries", scope: mine).count == 1, "ended, the copy is gone")
        _ = try write { try records.update(app: "rp", collection: "inquiries", scope: theirs, id: "1", values: ["unread": .boolean(false)], now: 1, in: $0) }
        #expect(try sessions.sweep(now: 5_000) == 1)
        let left = try database.read { try $0.queryFirst("SELECT COUNT(*) FROM records WHERE scope LIKE 'session:%'") { $0.int(0) } }
        #expect(left == 0, "swept with its session")
    }

    @Test func countsMatchWhatTheRecordsSayInEveryScope() throws {
        let fixtures = [
            FixtureRecord(collection: "todos", id: "1", values: ["done": .boolean(false), "owner": .string("ann")]),
            FixtureRecord(collection: "todos", id: "2", values: ["done": .boolean(true), "owner": .string("ann")]),
            FixtureRecord(collection: "todos", id: "3", values: ["done": .boolean(false), "owner": .string("bob"), "size": .integer(5)]),
        ]
        try records.seed(app: "todo", fixtures, accounts: accounts)
        func count(_ scope: RecordScope, _ matching: [String: RecordValue]) throws -> Int {
            try write { try records.count(app: "todo", collection: "todos", scope: scope, matching: matching, in: $0) }
        }
        #expect(try count(.app, ["done": .boolean(false)]) == 2)
        #expect(try count(.app, ["done": .boolean(false), "owner": .string("ann")]) == 1)
        #expect(try count(.app, ["size": .integer(5)]) == 1)
        #expect(try count(.app, [:]) == 3)
        let (updated, deleted) = try write { connection in
            (try records.update(app: "todo", collection: "todos", scope: .session("k"), id: "1", values: ["done": .boolean(true)], now: 1, in: connection),
             try records.delete(app: "todo", collection: "todos", scope: .session("k"), id: "3", now: 1, in: connection))
        }
        #expect(updated && deleted)
        #expect(try count(.session("k"), ["done": .boolean(false)]) == 0, "the session's edit and deletion stand in for the fixtures")
        #expect(try count(.session("k"), ["done": .boolean(true)]) == 2)
        #expect(try count(.session("other"), ["done": .boolean(false)]) == 2)
    }

    @Test func valuesKeepTheirKinds() throws {
        let values: [String: RecordValue] = ["title": .string("Loft “₂”"), "price": .integer(8_950_000), "featured": .boolean(true)]
        let id = try write { try records.insert(app: "rp", collection: "listings", scope: .app, values: values, now: 1, in: $0) }
        #expect(try records.record(app: "rp", collection: "listings", scope: .app, id: id)?.values == values)
    }
}
