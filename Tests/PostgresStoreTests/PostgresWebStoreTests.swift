import Dispatch
import FlowStore
import Foundation
import PostgresStore
import Synchronization
import Testing

/// What only PostgreSQL's store does, as several instances share it (each "instance" here a store
/// over its own pool of connections to one schema): the sweeps run on one instance at a time.
/// Every rule both backends keep is in `StoreContractTests`.
@Suite(.enabled(if: hasTestServer, "needs PostgreSQL: `bash Tests/run.sh` starts one, or set FLOWPAGES_TEST_POSTGRES"))
struct PostgresWebStoreTests {
    static let hasher = PasswordHasher(logRounds: 10, blockSize: 8, parallelism: 1)
    /// What every instance of one database is given.
    static let key = StoreKey.random()

    /// Two instances of one database.
    static func instances() throws -> (PostgresWebStore, PostgresWebStore) {
        let url = try freshSchemaURL()
        return (PostgresWebStore(database: try PostgresDatabase(url: url), key: key, hasher: hasher),
                PostgresWebStore(database: try PostgresDatabase(url: url), key: key, hasher: hasher))
    }

    func createSession(_ store: PostgresWebStore, now: Int64 = 1_000) throws -> String {
        try store.transaction { try $0.sessions.create(app: "suma", state: Array("start".utf8), csrfSecret: "secret", dataKey: "key", now: now) }
    }

    @Test func theSweepRunsOnOneInstanceAtATime() throws {
        let (first, second) = try Self.instances()
        _ = try createSession(first, now: 0)
        let (holding, release) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            // Another instance in the middle of its sweep: it holds the sweep's lock.
            _ = try? first.database.write { connection in
                try connection.execute("SELECT pg_advisory_xact_lock(hashtext(current_schema() || ':' || $1))", [.text("sweep-sessions")])
                holding.signal()
                release.wait()
            }
            done.signal()
        }
        holding.wait()
        #expect(try second.sweepSessions(now: SessionRecord.absoluteLifetime + 1) == 0, "the other instance is sweeping")
        release.signal()
        done.wait()
        #expect(try second.sweepSessions(now: SessionRecord.absoluteLifetime + 1) == 1)
    }
}
