import Foundation
import FlowStore
import Locking
import Synchronization

/// Deep links opened by visitors without a session, banner pings and events dropped over their
/// rate (``EventBudget``), counted in memory and written in batches (``flush()``), so a crawler,
/// a link preview or a client looping on pings costs no write per request. A crash loses at
/// most the counts since the last flush, never a session.
public final class LinkCounters: Sendable {
    private struct Key: Hashable {
        let app: String
        let pattern: String
        let day: String
        let kind: String
    }

    /// Counts not yet written, in a share of their own: the lock is what makes counting from any
    /// request thread safe.
    private final class Shard: Sendable {
        let pending = Lock<[Key: Int]>([:])
    }

    private let store: any WebStore
    /// Every request counts (a fallback page twice), so one lock made the handler threads queue
    /// for it in the kernel (a fifth of a fallback page's time); each count takes the next shard.
    /// Their number is a power of two, so the next is a mask away.
    private let shards = (0..<16).map { _ in Shard() }
    private let next = Atomic<Int>(0)

    public init(store: any WebStore) {
        self.store = store
    }

    /// Counts `times` outcomes of each `kinds` for the link `pattern` of `app`, today (UTC).
    func count(app: String, pattern: String, kinds: [String], times: Int = 1, now: Date = Date()) {
        let day = Self.day(of: now)
        let shard = shards[next.wrappingAdd(1, ordering: .relaxed).oldValue & (shards.count - 1)]
        shard.pending.withLock { pending in
            for kind in kinds { pending[Key(app: app, pattern: pattern, day: day, kind: kind), default: 0] += times }
        }
    }

    /// Writes what was counted since the last flush; on failure the counts are kept for the next.
    public func flush() throws {
        var taken: [Key: Int] = [:]
        for shard in shards {
            let counts = shard.pending.withLock { pending in
                defer { pending.removeAll() }
                return pending
            }
            taken.merge(counts, uniquingKeysWith: +)
        }
        guard !taken.isEmpty else { return }
        do {
            let counts = taken.map { LinkCount(app: $0.key.app, pattern: $0.key.pattern, day: $0.key.day, kind: $0.key.kind, count: $0.value) }
            try store.transaction { try $0.linkCounts.add(counts) }
        } catch {
            shards[0].pending.withLock { pending in pending.merge(taken, uniquingKeysWith: +) }
            throw error
        }
    }

    /// The UTC day of `date`, as the daily counts keep it; by arithmetic, as every request asks
    /// (Foundation's calendar took a twentieth of a fallback page's time).
    private static func day(of date: Date) -> String {
        StoredEvent.day(of: Int64((date.timeIntervalSince1970 * 1000).rounded(.down)))
    }
}
