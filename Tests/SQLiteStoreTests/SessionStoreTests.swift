import FlowStore
import SQLiteStore
import Testing

@Suite struct SessionStoreTests {
    @Test func createLoadAndSave() throws {
        let store = try makeStore()
        let id = try store.newSession(app: "suma", state: [1, 2, 3], now: 100)
        let record = try #require(try store.read { try $0.sessions.load(id: id, now: 200) })
        #expect(record.app == "suma" && record.state == [1, 2, 3] && record.version == 1)
        #expect(record.createdAt == 100 && record.lastSeenAt == 100)
        #expect(try store.transaction { try $0.sessions.save(id: id, state: [4], expectedVersion: 1, now: 300) } == .saved(version: 2))
        #expect(try store.read { try $0.sessions.load(id: id, now: 400) }?.state == [4])
        #expect(try store.read { try $0.sessions.load(id: "not-a-session", now: 400) } == nil)
    }

    @Test func aLostRaceIsReportedNeverOverwritten() throws {
        let store = try makeStore()
        let id = try store.newSession(app: "a", state: [0], now: 0)
        #expect(try store.transaction { try $0.sessions.save(id: id, state: [1], expectedVersion: 1, now: 1) } == .saved(version: 2))
        #expect(try store.transaction { try $0.sessions.save(id: id, state: [9], expectedVersion: 1, now: 2) } == .conflict(current: 2))
        #expect(try store.read { try $0.sessions.load(id: id, now: 3) }?.state == [1])
        try store.transaction { try $0.sessions.end(id: id) }
        #expect(try store.transaction { try $0.sessions.save(id: id, state: [9], expectedVersion: 2, now: 4) } == .missing)
    }

    @Test func aRotationRetiresTheIdAndKeepsTheSecretsItIsGiven() throws {
        let store = try makeStore()
        let id = try store.newSession(app: "a", state: [0], now: 0)
        let (outcome, rotated) = try store.transaction {
            try $0.sessions.rotate(id: id, state: [1], userID: nil, expectedVersion: 1, csrfSecret: "now", previousSecrets: ["before", "long-before"], now: 1)
        }
        #expect(outcome == .saved(version: 2))
        let newID = try #require(rotated)
        let record = try #require(try store.read { try $0.sessions.load(id: newID, now: 2) })
        #expect(record.csrfSecret == "now" && record.previousCSRFSecrets == ["before", "long-before"] && record.state == [1])
        #expect(try store.read { try $0.sessions.load(id: id, now: 2) } == nil)
    }

    @Test func idsAreLongRandomAndOnlyTheirHashIsStored() throws {
        let store = try makeStore()
        let ids = try (0..<20).map { _ in try store.newSession(app: "a", now: 0) }
        #expect(Set(ids).count == 20)
        #expect(ids.allSatisfy { $0.count == 43 })
        let stored = try store.database.read { try $0.query("SELECT id_hash FROM sessions") { $0.bytes(0) } }
        #expect(stored.count == 20)
        #expect(stored.allSatisfy { $0.count == 32 })
        #expect(Set(stored) == Set(ids.map(Secret.hash)))
        #expect(!stored.contains { String(decoding: $0, as: UTF8.self) == ids[0] })
    }

    @Test func sessionsExpireWhenIdleOrTooOld() throws {
        let store = try makeStore()
        let id = try store.newSession(app: "a", now: 0)
        #expect(try store.read { try $0.sessions.load(id: id, now: 1_000) } != nil)
        #expect(try store.read { try $0.sessions.load(id: id, now: 1_001) } == nil)
        var version = 1
        func use(at time: Int64) throws {
            guard case .saved(let next) = try store.transaction({ try $0.sessions.save(id: id, state: [], expectedVersion: version, now: time) }) else {
                Issue.record("not saved")
                return
            }
            version = next
        }
        try use(at: 900)
        #expect(try store.read { try $0.sessions.load(id: id, now: 1_800) } != nil, "a save uses the session")
        for time in stride(from: 1_800, through: 9_800, by: 800) { try use(at: Int64(time)) }
        #expect(try store.read { try $0.sessions.load(id: id, now: 10_001) } == nil)
    }

    @Test func sweepDeletesOnlyExpiredSessions() throws {
        let store = try makeStore()
        let old = try store.newSession(app: "a", now: 0)
        let fresh = try store.newSession(app: "a", now: 5_000)
        #expect(try store.sweepSessions(now: 5_500) == 1)
        #expect(try store.read { try $0.sessions.load(id: old, now: 5_500) } == nil)
        #expect(try store.read { try $0.sessions.load(id: fresh, now: 5_500) } != nil)
    }
}
