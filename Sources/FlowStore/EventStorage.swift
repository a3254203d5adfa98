/// The event log and its daily counts, read on their own.
public protocol EventReads {
    /// A session's newest `limit` events, oldest first.
    func events(session: String, limit: Int) throws -> [StoredEvent]
    /// An app's events in `[from, to)` (milliseconds since 1970), oldest first.
    func events(app: String, from: Int64, to: Int64) throws -> [StoredEvent]
    /// An app's daily counts of `metric` over the UTC days `from` to `to` (`2026-11-01`, both
    /// included), summed by subject and detail — or, with `byDay`, also kept apart by day.
    func counts(app: String, metric: EventCounts.Metric, from: String, to: String, byDay: Bool) throws -> [EventCounts.Row]
}

extension EventReads {
    /// All of a session's events, oldest first.
    public func events(session: String) throws -> [StoredEvent] {
        try events(session: session, limit: .max)
    }
}

/// The event log, added to inside a ``StoreTransaction``.
public protocol EventWrites: EventReads {
    /// Appends events of a session (nil: of no session), with the daily counts they add
    /// (``EventCounts``) and the deep-link counts.
    func append(_ events: [StoredEvent], session: String?) throws
    /// Deletes up to `limit` events older than `cutoff` (milliseconds since 1970); returns how
    /// many. A sweep of many runs as many transactions, each short.
    func sweep(before cutoff: Int64, limit: Int) throws -> Int
}
