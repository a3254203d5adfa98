import FlowPages
import Synchronization

/// The results pages last worked out, one per test and filter, served again while nothing they
/// show can have changed: the test's revision in the store (``FlowStore/UsabilityReads/revision(app:test:)``,
/// raised by every write that changes results, on whichever instance) and its definition are
/// those they were worked out for, and no try under way has reached a time that changes its
/// outcome (``UsabilityResults/stableUntil``). A page of a thousand testers is worked out once
/// per change rather than once per look.
final class UsabilityResultsCache: Sendable {
    /// Which page: a test's results, everyone's or one answer's about assistive technology.
    struct Key: Hashable, Sendable {
        let test: String
        let technology: AssistiveTechnology?
    }

    private struct Entry: Sendable {
        let revision: Int64
        let definition: String
        let stableUntil: Int64?
        let body: [UInt8]
    }

    // The mutex makes the entries safe to read and set from any request's thread.
    private let entries = Mutex<[Key: Entry]>([:])

    /// The app's cache, made on first use.
    static func of(_ services: AppServices) -> UsabilityResultsCache {
        services.app.workshopCache.kept(UsabilityResultsCache.self) ?? services.app.workshopCache.keep(UsabilityResultsCache())
    }

    /// The page kept for `key`, when it was worked out at `revision` of `definition` and nothing
    /// in it has changed by `now`.
    func body(for key: Key, revision: Int64, definition: String, now: Int64) -> [UInt8]? {
        entries.withLock { entries in
            guard let entry = entries[key], entry.revision == revision, entry.definition == definition,
                  entry.stableUntil.map({ now < $0 }) ?? true else { return nil }
            return entry.body
        }
    }

    /// Keeps `body`, worked out at `revision` of `definition`, until `stableUntil` (nil: until a
    /// write), in place of the one kept for `key` before.
    func keep(_ body: [UInt8], for key: Key, revision: Int64, definition: String, stableUntil: Int64?) {
        entries.withLock { $0[key] = Entry(revision: revision, definition: definition, stableUntil: stableUntil, body: body) }
    }
}
