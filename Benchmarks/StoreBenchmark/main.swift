// Median time per store operation, on one thread and from two threads at once: load a session,
// CAS-save a 2 KB state, append an event, and a navigation's whole store work (load, then save
// and event in one transaction). The database lives in a temporary folder under the current
// directory, so its fsyncs are those of the disk the server would use.
import Foundation
import FlowStore
import SQLiteStore

let folder = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(".build/store-benchmark-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }
let state = Array(repeating: UInt8(ascii: "s"), count: 2048)

func nanoseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) / 1e9
}

func median(_ samples: [Double]) -> Double {
    samples.sorted()[samples.count / 2]
}

/// Times `operation` `count` times on the calling thread, after a warm-up.
func measure(_ count: Int, _ operation: (Int) throws -> Void) rethrows -> [Double] {
    let clock = ContinuousClock()
    for index in 0..<(count / 10) { try operation(index) }
    var samples: [Double] = []
    samples.reserveCapacity(count)
    for index in 0..<count {
        let start = clock.now
        try operation(index)
        samples.append(nanoseconds(clock.now - start))
    }
    return samples
}

/// One worker's sessions and its four measurements.
func run(count: Int, database: Database) throws -> [String: [Double]] {
    let store = SQLiteWebStore(database: database, key: .random())
    let id = try store.transaction { try $0.sessions.create(app: "bench", state: state, csrfSecret: "", dataKey: "bench", now: Timestamp.now()) }
    var version = 1
    var results: [String: [Double]] = [:]
    results["load a session"] = try measure(count) { _ in _ = try store.read { try $0.sessions.load(id: id, now: Timestamp.now()) } }
    results["CAS-save a 2 KB state"] = try measure(count) { _ in
        guard case .saved(let next) = try store.transaction({ try $0.sessions.save(id: id, state: state, expectedVersion: version, now: Timestamp.now()) })
        else { fatalError("lost a race") }
        version = next
    }
    results["append an event"] = try measure(count) { index in
        let event = StoredEvent(time: Timestamp.now(), app: "bench", kind: "screen_view", screen: "screen-\(index % 7)", previousScreen: "home", source: "direct")
        try store.transaction { try $0.events.append([event], session: id) }
    }
    results["navigation: load + save + event"] = try measure(count) { index in
        guard let record = try store.read({ try $0.sessions.load(id: id, now: Timestamp.now()) }) else { fatalError("session gone") }
        try store.transaction { transaction in
            guard case .saved = try transaction.sessions.save(id: id, state: state, expectedVersion: record.version, now: Timestamp.now()) else { fatalError("lost a race") }
            try transaction.events.append([StoredEvent(time: Timestamp.now(), app: "bench", kind: "screen_view", screen: "screen-\(index % 7)", source: "direct")], session: id)
        }
    }
    return results
}

let order = ["load a session", "CAS-save a 2 KB state", "append an event", "navigation: load + save + event"]
let count = 2000

final class Results: @unchecked Sendable {
    // Written by each worker once, read after both finished (the group's wait orders them).
    var byWorker: [[String: [Double]]] = [[:], [:]]
}

func line(_ name: String, _ samples: [Double]) -> String {
    name.padding(toLength: 34, withPad: " ", startingAt: 0) + String(format: "%8.1f µs", median(samples) / 1000)
}

print("SQLite \(String(cString: sqlite3Version())), WAL; \(count) operations each, medians")
for durability in [Durability.full, .normal] {
    let database = try Database(path: folder.appendingPathComponent("bench-\(durability.rawValue).sqlite").path, durability: durability)
    let single = try run(count: count, database: database)
    print("synchronous=\(durability.rawValue), one thread:")
    for name in order { print("  " + line(name, single[name]!)) }
    let results = Results()
    let group = DispatchGroup()
    for worker in 0..<2 {
        DispatchQueue.global().async(group: group) {
            results.byWorker[worker] = try! run(count: count, database: database)
        }
    }
    group.wait()
    print("synchronous=\(durability.rawValue), two threads at once (medians over both):")
    for name in order { print("  " + line(name, results.byWorker[0][name]! + results.byWorker[1][name]!)) }
}

// A guesser's expired attempt counts, swept as the server sweeps them: in batches, each a
// transaction of its own, so the longest a request waits for the writer is one batch.
do {
    let rows = Int(ProcessInfo.processInfo.environment["SWEEP_ROWS"] ?? "") ?? 1_000_000
    let database = try Database(path: folder.appendingPathComponent("sweep.sqlite").path, durability: .full)
    let store = SQLiteWebStore(database: database, key: .random())
    let limit = AttemptLimit(name: "bench", free: 5, window: 1_000, firstDelay: 1_000, longestDelay: 1_000)
    for start in stride(from: 0, to: rows, by: 10_000) {
        try store.transaction { transaction in
            for index in start..<min(start + 10_000, rows) { _ = try transaction.attempts.count(AttemptKey(limit, app: "bench", "203.0.\(index)"), now: 0) }
        }
    }
    let clock = ContinuousClock()
    var holds: [Double] = []
    var swept = 0
    let started = clock.now
    while true {
        let start = clock.now
        let deleted = try store.transaction { try $0.attempts.sweep(now: 10_000, limit: store.attemptSweepBatch) }
        holds.append(nanoseconds(clock.now - start))
        swept += deleted
        if deleted < store.attemptSweepBatch { break }
    }
    print("attempt sweep: \(swept) expired counts in \(holds.count) batches of \(store.attemptSweepBatch), "
        + String(format: "%.1f s in all; writer held %.1f ms at the longest, %.1f ms median", nanoseconds(clock.now - started) / 1e9,
                 holds.max()! / 1e6, median(holds) / 1e6))
}
