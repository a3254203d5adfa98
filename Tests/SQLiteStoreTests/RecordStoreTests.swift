import FlowStore
import SQLiteStore
import Testing

@Suite struct RecordStoreTests {
    let store: SQLiteWebStore

    init() throws {
        store = try makeStore()
    }

    static let fixtures = [
        FixtureRecord(collection: "projects", id: "p1", values: ["name": .string("Alpha")]),
        FixtureRecord(collection: "projects", id: "p2", values: ["name": .string("Beta")]),
    ]

    func names(_ scope: RecordScope) throws -> [String] {
        try store.records.list(app: "coin", collection: "projects", scope: scope).compactMap { $0.values["name"]?.text }
    }

    func write<T>(_ body: (any StoreTransaction) throws -> T) throws -> T {
        try store.transaction(body)
    }

    @Test func seedingTwiceChangesNothingAndKeepsWhatPeopleChanged() throws {
        try store.seedRecords(app: "coin", Self.fixtures)
        let renamed = try write { try $0.records.update(app: "coin", collection: "projects", scope: .app, id: "p1", values: ["name": .string("Renamed")], now: 5) }
        #expect(renamed)
        try store.seedRecords(app: "coin", Self.fixtures + [FixtureRecord(collection: "projects", id: "p3", values: ["name": .string("Gamma")])])
        #expect(try names(.app) == ["Renamed", "Beta", "Gamma"])
    }

    @Test func aSessionsEditsAreItsOwnAndGoWithIt() throws {
        try store.seedRecords(app: "coin", Self.fixtures)
        let first = try store.newSession(app: "coin", dataKey: "key-1", now: 0)
        _ = try store.newSession(app: "coin", dataKey: "key-2", now: 0)
        let created = try write { transaction in
            _ = try transaction.records.update(app: "coin", collection: "projects", scope: .session("key-1"), id: "p1", values: ["name": .string("Mine")], now: 1)
            _ = try transaction.records.delete(app: "coin", collection: "projects", scope: .session("key-1"), id: "p2", now: 1)
            return try transaction.records.insert(app: "coin", collection: "projects", scope: .session("key-1"), values: ["name": .string("New")], now: 1)
        }
        #expect(created == "1")
        #expect(try names(.session("key-1")) == ["Mine", "New"])
        #expect(try names(.session("key-2")) == ["Alpha", "Beta"], "another session sees the fixtures as they were")
        #expect(try names(.app) == ["Alpha", "Beta"])
        #expect(try store.records.find(app: "coin", collection: "projects", scope: .session("key-1"), id: "p2") == nil)
        try store.transaction { try $0.sessions.end(id: first) }
        #expect(try names(.session("key-1")) == ["Alpha", "Beta"], "ended, its copy is gone")
        _ = try write { try $0.records.update(app: "coin", collection: "projects", scope: .session("key-2"), id: "p1", values: ["name": .string("Theirs")], now: 1) }
        #expect(try store.sweepSessions(now: 5_000) == 1)
        #expect(try names(.session("key-2")) == ["Alpha", "Beta"], "swept with its session")
    }

    @Test func aDeletedRecordStaysDeleted() throws {
        try store.seedRecords(app: "coin", Self.fixtures)
        let (shared, mine) = try write { transaction in
            let shared = try transaction.records.delete(app: "coin", collection: "projects", scope: .app, id: "p2", now: 1)
            let mine = try transaction.records.delete(app: "coin", collection: "projects", scope: .session("key-1"), id: "p1", now: 1)
            return (shared, mine)
        }
        #expect(shared && mine)
        let (again, edited) = try write { transaction in
            (try transaction.records.delete(app: "coin", collection: "projects", scope: .session("key-1"), id: "p1", now: 2),
             // An edit posted from a page shown before the delete.
             try transaction.records.update(app: "coin", collection: "projects", scope: .session("key-1"), id: "p1", values: ["name": .string("Back")], now: 2))
        }
        #expect(!again && !edited, "a deleted record is not there to delete or edit")
        #expect(try names(.session("key-1")) == [], "nor does the edit bring it back")
        try store.seedRecords(app: "coin", Self.fixtures)
        #expect(try names(.app) == ["Alpha"], "seeding again does not bring a deleted fixture back")

        let created = try write { try $0.records.insert(app: "coin", collection: "projects", scope: .app, values: ["name": .string("New")], now: 3) }
        #expect(try write { try $0.records.delete(app: "coin", collection: "projects", scope: .app, id: created, now: 4) })
        let left = try store.database.read { try $0.queryFirst("SELECT COUNT(*) FROM records WHERE id = ?", [.text(created)]) { $0.int(0) } }
        #expect(left == 0, "a record that was never a fixture leaves no mark")
    }

    @Test func accountRecordsBelongToTheirAccount() throws {
        let buyer = try store.newAccount(app: "rp", email: "buyer@example.com", password: "password123", verified: true)
        let other = try store.newAccount(app: "rp", email: "other@example.com", password: "password123", verified: true)
        try store.seedRecords(app: "rp", [FixtureRecord(collection: "favorites", id: "1", values: ["listing": .string("123")], accountEmail: "buyer@example.com")])
        #expect(try store.records.list(app: "rp", collection: "favorites", scope: .account(buyer.id)).map(\.id) == ["1"])
        #expect(try store.records.list(app: "rp", collection: "favorites", scope: .account(other.id)).isEmpty)
        let id = try write { try $0.records.insert(app: "rp", collection: "favorites", scope: .account(other.id), values: ["listing": .string("456")], now: 1) }
        #expect(id == "2", "ids are unique across the collection, so a link never names another person's record")
        #expect(try store.records.find(app: "rp", collection: "favorites", scope: .account(buyer.id), id: "2") == nil)
        #expect(try write { try $0.records.delete(app: "rp", collection: "favorites", scope: .account(buyer.id), id: "2", now: 2) } == false)
    }

    @Test func aCopyOfAFixtureAccountsRecordsIsOneSessionsAndGoesWithIt() throws {
        let fixture = try store.newAccount(app: "rp", email: "test@example.com", password: "password123", verified: true, isFixture: true)
        try store.seedRecords(app: "rp", [FixtureRecord(collection: "inquiries", id: "1", values: ["unread": .boolean(true)], accountEmail: "test@example.com")])
        let first = try store.newSession(app: "rp", dataKey: "key-1", now: 0)
        _ = try store.newSession(app: "rp", dataKey: "key-2", now: 0)
        let (mine, theirs) = (RecordScope.accountCopy(fixture.id, session: "key-1"), RecordScope.accountCopy(fixture.id, session: "key-2"))
        func unread(_ scope: RecordScope) throws -> Int {
            try store.read { try $0.records.count(app: "rp", collection: "inquiries", scope: scope, matching: ["unread": .boolean(true)]) }
        }
        _ = try write { transaction in
            _ = try transaction.records.update(app: "rp", collection: "inquiries", scope: mine, id: "1", values: ["unread": .boolean(false)], now: 1)
            return try transaction.records.insert(app: "rp", collection: "inquiries", scope: mine, values: ["unread": .boolean(false)], now: 1)
        }
        #expect(try unread(mine) == 0 && store.records.list(app: "rp", collection: "inquiries", scope: mine).count == 2)
        #expect(try unread(theirs) == 1 && unread(.account(fixture.id)) == 1, "another tester, and the account itself, are untouched")
        #expect(try store.records.list(app: "rp", collection: "inquiries", scope: theirs).map(\.id) == ["1"])
        try store.transaction { try $0.sessions.end(id: first) }
        #expect(try unread(mine) == 1 && store.records.list(app: "rp", collection: "inquiries", scope: mine).count == 1, "ended, the copy is gone")
        _ = try write { try $0.records.update(app: "rp", collection: "inquiries", scope: theirs, id: "1", values: ["unread": .boolean(false)], now: 1) }
        #expect(try store.sweepSessions(now: 5_000) == 1)
        let left = try store.database.read { try $0.queryFirst("SELECT COUNT(*) FROM records WHERE scope LIKE 'session:%'") { $0.int(0) } }
        #expect(left == 0, "swept with its session")
    }

    @Test func countsMatchWhatTheRecordsSayInEveryScope() throws {
        let fixtures = [
            FixtureRecord(collection: "todos", id: "1", values: ["done": .boolean(false), "owner": .string("ann")]),
            FixtureRecord(collection: "todos", id: "2", values: ["done": .boolean(true), "owner": .string("ann")]),
            FixtureRecord(collection: "todos", id: "3", values: ["done": .boolean(false), "owner": .string("bob"), "size": .integer(5)]),
        ]
        try store.seedRecords(app: "todo", fixtures)
        func count(_ scope: RecordScope, _ matching: [String: RecordValue]) throws -> Int {
            try write { try $0.records.count(app: "todo", collection: "todos", scope: scope, matching: matching) }
        }
        #expect(try count(.app, ["done": .boolean(false)]) == 2)
        #expect(try count(.app, ["done": .boolean(false), "owner": .string("ann")]) == 1)
        #expect(try count(.app, ["size": .integer(5)]) == 1)
        #expect(try count(.app, [:]) == 3)
        let (updated, deleted) = try write { transaction in
            (try transaction.records.update(app: "todo", collection: "todos", scope: .session("k"), id: "1", values: ["done": .boolean(true)], now: 1),
             try transaction.records.delete(app: "todo", collection: "todos", scope: .session("k"), id: "3", now: 1))
        }
        #expect(updated && deleted)
        #expect(try count(.session("k"), ["done": .boolean(false)]) == 0, "the session's edit and deletion stand in for the fixtures")
        #expect(try count(.session("k"), ["done": .boolean(true)]) == 2)
        #expect(try count(.session("other"), ["done": .boolean(false)]) == 2)
    }

    @Test func valuesKeepTheirKinds() throws {
        let values: [String: RecordValue] = ["title": .string("Loft “₂”"), "price": .integer(8_950_000), "featured": .boolean(true)]
        let id = try write { try $0.records.insert(app: "rp", collection: "listings", scope: .app, values: values, now: 1) }
        #expect(try store.records.find(app: "rp", collection: "listings", scope: .app, id: id)?.values == values)
    }
}
