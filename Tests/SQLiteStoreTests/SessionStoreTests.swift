import FlowStore
import SQLiteStore
import Testing

@Suite struct SessionStoreTests {
    func makeStore() throws -> SessionStore {
        SessionStore(database: try makeDatabase(), idleLifetime: 1_000, absoluteLifetime: 10_000)
    }

    @Test func createLoadAndSave() throws {
        let store = try makeStore()
        let id = try store.create(app: "suma", state: [1, 2, 3], now: 100)
        let record = try #require(try store.load(id: id, now: 200))
        #expect(record.app == "suma" && record.state == [1, 2, 3] && record.version == 1)
        #expect(record.createdAt == 100 && record.lastSeenAt == 100)
        #expect(try store.save(id: id, state: [4], expectedVersion: 1, now: 300) == .saved(version: 2))
        #expect(try store.load(id: id, now: 400)?.state == [4])
        #expect(try store.load(id: "not-a-session", now: 400) == nil)
    }

    @Test func aLostRaceIsReportedNeverOverwritten() throws {
        let store = try makeStore()
        let id = try store.create(app: "a", state: [0], now: 0)
        #expect(try store.save(id: id, state: [1], expectedVersion: 1, now: 1) == .saved(version: 2))
        #expect(try store.save(id: id, state: [9], expectedVersion: 1, now: 2) == .conflict(current: 2))
        #expect(try store.load(id: id, now: 3)?.state == [1])
        try store.end(id: id)
        #expect(try store.save(id: id, state: [9], expectedVersion: 2, now: 4) == .missing)
    }

    @Test func aRotationRetiresTheIdAndKeepsTheSecretsItIsGiven() throws {
        let store = try makeStore()
        let id = try store.create(app: "a", state: [0], now: 0)
        let (outcome, rotated) = try store.database.write { connection in
            try store.rotate(id: id, state: [1], userID: nil, expectedVersion: 1, csrfSecret: "now", previousSecrets: ["before", "long-before"], now: 1, in: connection)
        }
        #expect(outcome == .saved(version: 2))
        let newID = try #require(rotated)
        let record = try #require(try store.load(id: newID, now: 2))
        #expect(record.csrfSecret == "now" && record.previousCSRFSecrets == ["before", "long-before"] && record.state == [1])
        #expect(try store.load(id: id, now: 2) == nil)
    }

    @Test func idsAreLongRandomAndOnlyTheirHashIsStored() throws {
        let store = try makeStore()
        let ids = try (0..<20).map { _ in try store.create(app: "a", state: [], now: 0) }
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
        let id = try store.create(app: "a", state: [], now: 0)
        #expect(try store.load(id: id, now: 1_000) != nil)
        #expect(try store.load(id: id, now: 1_001) == nil)
        try store.touch(id: id, now: 900)
        #expect(try store.load(id: id, now: 1_800) != nil)
        for time in stride(from: 1_800, through: 9_800, by: 800) { try store.touch(id: id, now: Int64(time)) }
        #expect(try store.load(id: id, now: 10_001) == nil)
    }

    @Test func sweepDeletesOnlyExpiredSessions() throws {
        let store = try makeStore()
        let old = try store.create(app: "a", state: [], now: 0)
        let fresh = try store.create(app: "a", state: [], now: 5_000)
        #expect(try store.sweep(now: 5_500) == 1)
        #expect(try store.load(id: old, now: 5_500) == nil)
        #expect(try store.load(id: fresh, now: 5_500) != nil)
    }
}
