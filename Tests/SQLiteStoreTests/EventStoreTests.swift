import SQLiteStore
import Testing

@Suite struct EventStoreTests {
    @Test func eventsAreReadBackBySessionAndByAppAndTime() throws {
        let database = try makeDatabase()
        let store = EventStore(database: database)
        try store.append([
            EventStore.Event(time: 10, app: "suma", kind: "screen_view", screen: "login", source: "direct"),
            EventStore.Event(time: 20, app: "suma", kind: "funnel_step", detail: "registration 1 email_entered"),
        ], session: "session-a")
        try store.append([EventStore.Event(time: 15, app: "suma", kind: "screen_view", screen: "home", previousScreen: "login")], session: "session-b")
        try store.append([EventStore.Event(time: 30, app: "coin", kind: "screen_view", screen: "recents")], session: nil)

        #expect(try store.events(session: "session-a").map(\.kind) == ["screen_view", "funnel_step"])
        #expect(try store.events(session: "session-b").first?.previousScreen == "login")
        #expect(try store.events(app: "suma", from: 10, to: 20).map(\.time) == [10, 15])
        #expect(try store.events(app: "coin", from: 0, to: 100).map(\.screen) == ["recents"])
        #expect(try store.events(session: "nobody").isEmpty)
    }

    @Test func eventsOlderThanTheRetentionAgeAreSwept() throws {
        let database = try makeDatabase()
        let store = EventStore(database: database)
        let day: Int64 = 86_400_000
        let now = 100 * day
        try store.append([
            EventStore.Event(time: 1, app: "suma", kind: "screen_view"),
            EventStore.Event(time: now - 90 * day - 1, app: "suma", kind: "funnel_step"),
            EventStore.Event(time: now - 90 * day, app: "suma", kind: "screen_view", screen: "kept at the boundary"),
            EventStore.Event(time: now - day, app: "coin", kind: "screen_view"),
        ], session: "a")
        #expect(try store.sweep(olderThan: 90 * day, now: now) == 2)
        #expect(try store.events(app: "suma", from: 0, to: .max).map(\.screen) == ["kept at the boundary"])
        #expect(try store.events(app: "coin", from: 0, to: .max).count == 1)
        #expect(try store.sweep(olderThan: 90 * day, now: now) == 0)
    }

    @Test func aLargeSweepGoesInBatches() throws {
        let database = try makeDatabase()
        let store = EventStore(database: database)
        let events = (0..<25_001).map { EventStore.Event(time: Int64($0), app: "suma", kind: "screen_view") }
        try store.append(events, session: nil)
        try store.append([EventStore.Event(time: 1_000_000, app: "suma", kind: "screen_view")], session: nil)
        #expect(try store.sweep(olderThan: 1_000, now: 1_001_000) == 25_001)
        #expect(try store.events(app: "suma", from: 0, to: .max).map(\.time) == [1_000_000])
    }

    @Test func aNavigationsStoreWorkIsOneTransaction() throws {
        let database = try makeDatabase()
        let sessions = SessionStore(database: database)
        let events = EventStore(database: database)
        let id = try sessions.create(app: "a", state: [0], now: 0)
        struct Abort: Error {}
        #expect(throws: Abort.self) {
            try database.write { connection in
                _ = try sessions.save(id: id, state: [1], expectedVersion: 1, now: 1, in: connection)
                try events.append([EventStore.Event(time: 1, app: "a", kind: "screen_view")], session: id, in: connection)
                throw Abort()
            }
        }
        #expect(try sessions.load(id: id, now: 2)?.version == 1)
        #expect(try events.events(session: id).isEmpty)
    }
}
