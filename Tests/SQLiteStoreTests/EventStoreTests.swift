import FlowStore
import SQLiteStore
import Testing

@Suite struct EventStoreTests {
    @Test func eventsAreReadBackBySessionAndByAppAndTime() throws {
        let store = try makeStore()
        let (a, b) = (try store.newSession(app: "suma", now: 0), try store.newSession(app: "suma", now: 0))
        try store.transaction { try $0.events.append([
            StoredEvent(time: 10, app: "suma", kind: "screen_view", screen: "login", source: "direct"),
            StoredEvent(time: 20, app: "suma", kind: "funnel_step", funnel: "registration", step: "email_entered", stepNumber: 1),
        ], session: a) }
        try store.transaction { try $0.events.append([StoredEvent(time: 15, app: "suma", kind: "screen_view", screen: "home", previousScreen: "login", dwell: 4_000)], session: b) }
        try store.transaction { try $0.events.append([StoredEvent(time: 30, app: "coin", kind: "screen_view", screen: "recents")], session: nil) }

        #expect(try store.read { try $0.events.events(session: a) }.map(\.kind) == ["screen_view", "funnel_step"])
        let step = try #require(try store.read { try $0.events.events(session: a) }.last)
        #expect(step.funnel == "registration" && step.step == "email_entered" && step.stepNumber == 1)
        let view = try #require(try store.read { try $0.events.events(session: b) }.first)
        #expect(view.previousScreen == "login" && view.dwell == 4_000)
        #expect(try store.read { try $0.events.events(app: "suma", from: 10, to: 20) }.map(\.time) == [10, 15])
        #expect(try store.read { try $0.events.events(app: "coin", from: 0, to: 100) }.map(\.screen) == ["recents"])
        #expect(try store.read { try $0.events.events(session: "nobody") }.isEmpty)
    }

    @Test func eventsAddTheirDailyCountsAndFunnelStepsCountOncePerSession() throws {
        let store = try makeStore()
        let day: Int64 = 86_400_000
        let (a, b) = (try store.newSession(app: "suma", now: 10 * day), try store.newSession(app: "suma", now: 11 * day))
        let step = StoredEvent(time: 10 * day, app: "suma", kind: "funnel_step", funnel: "signup", step: "email", stepNumber: 1)
        try store.transaction { try $0.events.append([
            StoredEvent(time: 10 * day, app: "suma", kind: "screen_view", screen: "register", previousScreen: "login", dwell: 1_000),
            step, step,
            StoredEvent(time: 10 * day, app: "suma", kind: "back_button_pressed", screen: "register", depth: 2),
        ], session: a) }
        try store.transaction { try $0.events.append([
            StoredEvent(time: 11 * day, app: "suma", kind: "screen_view", screen: "register", previousScreen: "login", dwell: 3_000),
            StoredEvent(time: 11 * day, app: "suma", kind: "funnel_step", funnel: "signup", step: "email", stepNumber: 1),
            StoredEvent(time: 11 * day, app: "suma", kind: "deep_link_opened", link: "sumafinance://auth/register", pattern: "/auth/register"),
        ], session: b) }
        func counts(_ metric: EventCounts.Metric, byDay: Bool = false) throws -> [String] {
            try store.read { try $0.events.counts(app: "suma", metric: metric, from: "1970-01-01", to: "1970-12-31", byDay: byDay) }
                .map { "\($0.day.map { $0 + " " } ?? "")\($0.subject) \($0.detail) \($0.count)" }
        }
        #expect(try counts(.sessions, byDay: true) == ["1970-01-11   1", "1970-01-12   1"])
        #expect(try counts(.views) == ["register  2"])
        #expect(try counts(.moves) == ["login register 2"])
        #expect(try counts(.backs) == ["register  1"])
        #expect(try counts(.dwell) == ["login \(EventCounts.dwellBucket(1_000)) 1", "login \(EventCounts.dwellBucket(3_000)) 1"])
        #expect(try counts(.funnel) == ["signup 1\temail 2"], "each session once, however often it took the step")
        #expect(try store.read { try $0.events.counts(app: "suma", metric: .views, from: "1970-01-12", to: "1970-01-12", byDay: false) }.map(\.count) == [1], "the days asked for only")
        #expect(try store.read { try $0.linkCounts.counts(app: "suma") }.map { "\($0.pattern) \($0.kind) \($0.count)" } == ["/auth/register deep_link_opened 1"])
    }

    @Test func eventsOlderThanTheRetentionAgeAreSwept() throws {
        let store = try makeStore()
        let day: Int64 = 86_400_000
        let now = 100 * day
        try store.transaction { try $0.events.append([
            StoredEvent(time: 1, app: "suma", kind: "screen_view"),
            StoredEvent(time: now - 90 * day - 1, app: "suma", kind: "funnel_step"),
            StoredEvent(time: now - 90 * day, app: "suma", kind: "screen_view", screen: "kept at the boundary"),
            StoredEvent(time: now - day, app: "coin", kind: "screen_view"),
        ], session: "a") }
        #expect(try store.sweepEvents(olderThan: 90 * day, now: now) == 2)
        #expect(try store.read { try $0.events.events(app: "suma", from: 0, to: .max) }.map(\.screen) == ["kept at the boundary"])
        #expect(try store.read { try $0.events.events(app: "coin", from: 0, to: .max) }.count == 1)
        #expect(try store.sweepEvents(olderThan: 90 * day, now: now) == 0)
    }

    @Test func aLargeSweepGoesInBatches() throws {
        let store = try makeStore()
        let events = (0..<25_001).map { StoredEvent(time: Int64($0), app: "suma", kind: "screen_view") }
        try store.transaction { try $0.events.append(events, session: nil) }
        try store.transaction { try $0.events.append([StoredEvent(time: 1_000_000, app: "suma", kind: "screen_view")], session: nil) }
        #expect(try store.sweepEvents(olderThan: 1_000, now: 1_001_000) == 25_001)
        #expect(try store.read { try $0.events.events(app: "suma", from: 0, to: .max) }.map(\.time) == [1_000_000])
    }

    @Test func aNavigationsStoreWorkIsOneTransaction() throws {
        let store = try makeStore()
        let id = try store.newSession(app: "a", state: [0], now: 0)
        struct Abort: Error {}
        #expect(throws: Abort.self) {
            try store.transaction { transaction in
                _ = try transaction.sessions.save(id: id, state: [1], expectedVersion: 1, now: 1)
                try transaction.events.append([StoredEvent(time: 1, app: "a", kind: "screen_view")], session: id)
                throw Abort()
            }
        }
        #expect(try store.read { try $0.sessions.load(id: id, now: 2) }?.version == 1)
        #expect(try store.read { try $0.events.events(session: id) }.isEmpty)
    }
}
