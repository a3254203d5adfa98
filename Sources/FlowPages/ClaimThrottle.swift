import Synchronization

/// Bounds how many wrong claim codes one client address may try: a code is 40 bits and lives an
/// hour, and this keeps guessing one from being worth trying. Counted in memory per instance.
final class ClaimThrottle: Sendable {
    /// Wrong codes an address may try in a window, and the window.
    static let limit = 10
    static let window: Int64 = 10 * 60 * 1000

    private struct Tally {
        var since: Int64
        var failures: Int
    }

    /// Failures by address, in their current window; held only to read or change them.
    private let tallies = Mutex<[String: Tally]>([:])

    /// The milliseconds until `address` may try again, or nil when it may now.
    func wait(for address: String, now: Int64) -> Int64? {
        tallies.withLock { tallies in
            guard let tally = tallies[address], now - tally.since < Self.window, tally.failures >= Self.limit else { return nil }
            return tally.since + Self.window - now
        }
    }

    /// Counts a wrong code from `address`.
    func fail(_ address: String, now: Int64) {
        tallies.withLock { tallies in
            // Old windows go once there are many, so the table stays small.
            if tallies.count > 10_000 { tallies = tallies.filter { now - $0.value.since < Self.window } }
            if let tally = tallies[address], now - tally.since < Self.window {
                tallies[address]?.failures = tally.failures + 1
            } else {
                tallies[address] = Tally(since: now, failures: 1)
            }
        }
    }
}
