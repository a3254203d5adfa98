extension WebStore {
    /// Deletes every session expired at `now`; returns how many. Of instances sharing the
    /// database, one sweeps and the others find the work taken.
    public func sweepSessions(now: Int64) throws -> Int {
        try transaction { transaction in
            guard try transaction.tryLock("sweep-sessions") else { return 0 }
            return try transaction.sessions.sweep(now: now)
        }
    }

    /// Deletes events older than `age` milliseconds in batches, each a short transaction of its
    /// own so requests wait on none for long; returns how many.
    public func sweepEvents(olderThan age: Int64, now: Int64) throws -> Int {
        var swept = 0
        while true {
            let deleted = try transaction { transaction in
                guard try transaction.tryLock("sweep-events") else { return 0 }
                return try transaction.events.sweep(before: now - age, limit: sweepBatch)
            }
            swept += deleted
            if deleted < sweepBatch { return swept }
        }
    }

    /// Deletes the deferred links expired at `now`; returns how many.
    public func sweepDeferredLinks(now: Int64) throws -> Int {
        try transaction { try $0.deferredLinks.sweep(now: now) }
    }

    /// Deletes the attempt counts that are over at `now` in batches of ``attemptSweepBatch``,
    /// each a short transaction of its own: a guesser's million expired counts never hold the
    /// writer for longer than one batch takes (`swift run -c release store-benchmark` reports it).
    /// Returns how many.
    public func sweepAttempts(now: Int64) throws -> Int {
        var swept = 0
        while true {
            let deleted = try transaction { try $0.attempts.sweep(now: now, limit: attemptSweepBatch) }
            swept += deleted
            if deleted < attemptSweepBatch { return swept }
        }
    }

    private var sweepBatch: Int { 10_000 }
    /// How many attempt counts one transaction of a sweep deletes.
    public var attemptSweepBatch: Int { 2_000 }
}
