import FlowStore

/// Attempt counts (``AttemptLimit``), one row per limit and subject under an HMAC of both, shared
/// by every instance: a count is read `FOR UPDATE`, so attempts made at once on several instances
/// are counted one after another.
struct AttemptTable: AttemptWrites {
    let connection: PostgresConnection
    let key: StoreKey

    /// Counts one attempt under `attempt`; returns how long it must wait (0: not at all).
    func count(_ attempt: AttemptKey, now: Int64) throws -> Int64 {
        let stored = PostgresValue.bytes(attempt.stored(under: key))
        // The row exists before it is locked, so two first attempts cannot both insert it.
        try connection.execute("INSERT INTO attempts (key, hits, window_start, next_allowed, expires_at) VALUES ($1, 0, $2, 0, $2) ON CONFLICT DO NOTHING",
                               [stored, .integer(now)])
        let tally = try connection.queryFirst("SELECT hits, window_start, next_allowed FROM attempts WHERE key = $1 FOR UPDATE", [stored]) {
            AttemptTally(hits: $0.int(0), windowStart: Int64($0.int(1)), nextAllowed: Int64($0.int(2)))
        }
        let (next, wait) = attempt.limit.count(tally, now: now)
        guard wait == 0 else { return wait }
        try connection.execute("UPDATE attempts SET hits = $2, window_start = $3, next_allowed = $4, expires_at = $5 WHERE key = $1",
                               [stored, .int(next.hits), .integer(next.windowStart), .integer(next.nextAllowed), .integer(attempt.limit.expiry(of: next))])
        return wait
    }

    func clear(_ keys: [AttemptKey]) throws {
        for attempt in keys {
            try connection.execute("DELETE FROM attempts WHERE key = $1", [.bytes(attempt.stored(under: key))])
        }
    }

    func refund(_ keys: [AttemptKey]) throws {
        for attempt in keys {
            try connection.execute("UPDATE attempts SET hits = GREATEST(hits - 1, 0) WHERE key = $1", [.bytes(attempt.stored(under: key))])
        }
    }

    func sweep(now: Int64, limit: Int) throws -> Int {
        try connection.execute("DELETE FROM attempts WHERE key IN (SELECT key FROM attempts WHERE expires_at <= $1 ORDER BY expires_at LIMIT $2)",
                               [.integer(now), .int(limit)])
    }
}
