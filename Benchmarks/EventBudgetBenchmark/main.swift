import FlowPages
import FlowStore
import Foundation
import SQLiteStore

// What EventBudget's tables cost when a client comes from a million distinct addresses (each a
// session of its own) within one minute: the process's resident memory before and after, how
// many were recorded and dropped, and the time an admission takes. Release build:
//   swift run -c release event-budget-benchmark
let addresses = Int(ProcessInfo.processInfo.environment["ADDRESSES"] ?? "") ?? 1_000_000

/// Resident memory in MiB, from /proc/self/statm (pages).
func residentMiB() -> Double {
    let fields = ((try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8)) ?? "").split(separator: " ")
    return Double(fields.count > 1 ? Int(fields[1]) ?? 0 : 0) * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
}

let path = FileManager.default.temporaryDirectory.appendingPathComponent("event-budget-\(UUID().uuidString).sqlite").path
defer { for suffix in ["", "-wal", "-shm", ".key"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
let store = SQLiteWebStore(database: try Database(path: path), key: .random())
let counters = LinkCounters(store: store)
let budget = EventBudget(counters: counters)
// The keys as requests bring them, made before measuring: their memory is the requests', not the table's.
let keys = (0..<addresses).map { index in ("session-\(index)", "10.\(index >> 16 & 255).\(index >> 8 & 255).\(index & 255)") }
let before = residentMiB()
let clock = ContinuousClock()
let start = clock.now
var recorded = 0
for (session, address) in keys {
    recorded += budget.admit(3, app: "bench", session: session, address: address, now: 60_000)
}
let elapsed = clock.now - start
let after = residentMiB()
let nanoseconds = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
print("EventBudget, \(addresses) distinct addresses and sessions in one minute, 3 events each, tables of \(budget.limits.tracked) keys:")
print(String(format: "  recorded %d events, dropped %d; resident memory %.1f → %.1f MiB (+%.1f MiB); %.0f ns an admission",
             recorded, addresses * 3 - recorded, before, after, after - before, nanoseconds / Double(addresses)))
