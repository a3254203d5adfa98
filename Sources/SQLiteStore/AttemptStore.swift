import FlowStore

/// Attempt counts (``AttemptLimit``), one row per limit and subject, kept under an HMAC of both
/// (``AttemptKey/stored(under:)``) so the table names no email or address, until they are over;
/// on one connection (``SQLiteWebStore``).
struct AttemptStore: AttemptWrites {
    let connection: SQLiteConnection
    let key: StoreKey

    /// Counts one attempt under `attempt`; returns how long it must wait (0: not at all).
    func count(_ attempt: AttemptKey, now: Int64) throws -> Int64 {
        let stored = SQLiteValue.blob(attempt.stored(under: key))
        let tally = try connection.queryFirst("SELECT hits, window_start, next_allowed FROM attempts WHERE key = ?", [stored]) {
            AttemptTally(hits: $0.int(0), windowStart: Int64($0.int(1)), nextAllowed: Int64($0.int(2)))
        }
        let (next, wait) = attempt.limit.count(tally, now: now)
        guard wait == 0 else { return wait }
        try connection.execute(
            """
            INSERT INTO attempts (key, hits, window_start, next_allowed, expires_at) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (key) DO UPDATE SET hits = excluded.hits, window_start = excluded.window_start,
                next_allowed = excluded.next_allowed, expires_at = excluded.expires_at
            """,
            [stored, .integer(Int64(next.hits)), .integer(next.windowStart), .integer(next.nextAllowed), .integer(attempt.limit.expiry(of: next))]
        )
        return wait
    }

    /// Forgets the counts of `keys`.
    func clear(_ keys: [AttemptKey]) throws {
        for attempt in keys {
            try connection.execute("DELETE FROM attempts WHERE key = ?", [.blob(attempt.stored(under: key))])
        }
    }

    /// Takes back one attempt under each of `keys`.
    func refund(_ keys: [AttemptKey]) throws {
        for attempt in keys {
            try connection.execute("UPDATE attempts SET hits = max(hits - 1, 0) WHERE key = ?", [.blob(attempt.stored(under: key))])
        }
    }

    /// Deletes at most `limit` of the counts that are over at `now`, oldest first; returns how many.
    func sweep(now: Int64, limit: Int) throws -> Int {
        try connection.execute("DELETE FROM attempts WHERE key IN (SELECT key FROM attempts WHERE expires_at <= ? ORDER BY expires_at LIMIT ?)",
                               [.integer(now), .integer(Int64(limit))])
    }
}
