import Foundation
import FlowStore
import Synchronization

/// Deep links opened by visitors without a session, counted in memory and written in batches
/// (``flush()``), so a crawler or a link preview costs no write per request. A crash loses at
/// most the counts since the last flush, never a session.
public final class LinkCounters: Sendable {
    private struct Key: Hashable {
        let app: String
        let pattern: String
        let day: String
        let kind: String
    }

    private let store: any WebStore
    /// Counts not yet written; the lock is what makes counting from any request thread safe.
    private let pending = Mutex<[Key: Int]>([:])

    public init(store: any WebStore) {
        self.store = store
    }

    /// Counts one outcome of each `kinds` for the link `pattern` of `app`, today (UTC).
    func count(app: String, pattern: String, kinds: [String], now: Date = Date()) {
        let day = Self.day(of: now)
        pending.withLock { pending in
            for kind in kinds { pending[Key(app: app, pattern: pattern, day: day, kind: kind), default: 0] += 1 }
        }
    }

    /// Writes what was counted since the last flush; on failure the counts are kept for the next.
    public func flush() throws {
        let taken = pending.withLock { pending in
            defer { pending.removeAll() }
            return pending
        }
        do {
            try store.addLinkCounts(taken.map { LinkCount(app: $0.key.app, pattern: $0.key.pattern, day: $0.key.day, kind: $0.key.kind, count: $0.value) })
        } catch {
            pending.withLock { pending in pending.merge(taken, uniquingKeysWith: +) }
            throw error
        }
    }

    /// Made once: a crawler's every deep link is counted.
    private static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    private static func day(of date: Date) -> String {
        let parts = utc.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }
}
