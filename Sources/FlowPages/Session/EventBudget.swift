import Locking

/// How many analytics events a session and a client address may add a minute: more than a person
/// testing a prototype or reading pages ever makes, far less than a client looping on requests
/// writes. Events past either are dropped — the navigation itself is saved all the same — and
/// counted with the deep-link counts (``LinkCounters``, written every few seconds), so the
/// insights say how many were not recorded.
///
/// Kept in memory for the current minute only, in tables of at most ``Limits/tracked`` entries
/// each: a client with a million addresses fills them and finds its further events dropped, while
/// the memory stays what those entries take (`swift run -c release event-budget-benchmark`).
/// Per instance: on PostgreSQL each instance keeps its own.
public final class EventBudget: Sendable {
    /// The rates and the size of the tables.
    public struct Limits: Sendable, Hashable {
        /// Events one session may add a minute.
        public var perSession = 600
        /// Events one client address may add a minute, whatever the sessions.
        public var perAddress = 6_000
        /// The most sessions, and the most addresses, counted in one minute.
        public var tracked = 100_000

        public init() {}
    }

    private struct Minute {
        var start: Int64 = 0
        var sessions: [String: Int] = [:]
        var addresses: [String: Int] = [:]
    }

    /// The kind dropped events are counted under, with the app's link counts (pattern "").
    public static let droppedKind = "events-dropped"

    public let limits: Limits
    /// Where dropped events are counted.
    private let counters: LinkCounters
    /// The lock is what makes counting from every handler thread safe; a request holds it for
    /// two dictionary updates.
    private let minute = Lock(Minute())

    public init(counters: LinkCounters, limits: Limits = Limits()) {
        self.counters = counters
        self.limits = limits
    }

    /// How many of `count` events `session`, from `address`, may add to `app` at `now`
    /// (milliseconds); the rest are counted as dropped.
    public func admit(_ count: Int, app: String, session: String, address: String, now: Int64) -> Int {
        guard count > 0 else { return 0 }
        let allowed = minute.withLock { minute in
            if now - minute.start >= 60_000 || now < minute.start {
                (minute.start, minute.sessions, minute.addresses) = (now - now % 60_000, [:], [:])
            }
            let allowed = min(count, Self.room(in: &minute.sessions, for: session, limit: limits.perSession, tracked: limits.tracked),
                              Self.room(in: &minute.addresses, for: address, limit: limits.perAddress, tracked: limits.tracked))
            if allowed > 0 {
                minute.sessions[session, default: 0] += allowed
                minute.addresses[address, default: 0] += allowed
            }
            return allowed
        }
        if allowed < count { counters.count(app: app, pattern: "", kinds: [Self.droppedKind], times: count - allowed) }
        return allowed
    }

    /// How many more `key` may add this minute: none for a key that is new while the table is full.
    private static func room(in table: inout [String: Int], for key: String, limit: Int, tracked: Int) -> Int {
        if let used = table[key] { return max(0, limit - used) }
        return table.count < tracked ? limit : 0
    }
}
