import Locking

/// Values worked out once per key and kept for every request after, in bounded memory: past
/// ``limit`` keys it starts over, so however many keys a stranger makes up (addresses, hosts,
/// links) it holds at most that many, and each start-over only works the real keys out again.
/// What is kept stays in this process's memory.
package final class BoundedMemo<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    /// How many keys are kept at most.
    package let limit: Int

    /// Handler threads read and add at once; the lock is held for a dictionary lookup or update
    /// only, never while a value is worked out (two threads may work one out at once, alike).
    private let kept: Lock<[Key: Value]>

    package init(limit: Int) {
        precondition(limit > 0, "a memo keeps at least one value")
        self.limit = limit
        kept = Lock([:])
    }

    /// The value kept for `key`, else `work`'s, kept.
    package func value(for key: Key, _ work: (Key) -> Value) -> Value {
        if let known = kept.withLock({ $0[key] }) { return known }
        let value = work(key)
        kept.withLock { kept in
            if kept.count >= limit { kept.removeAll(keepingCapacity: true) }
            kept[key] = value
        }
        return value
    }

    /// How many values are kept, for tests.
    var count: Int { kept.withLock { $0.count } }
}
