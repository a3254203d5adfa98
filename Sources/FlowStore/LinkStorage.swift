/// How often each deep link was opened by visitors without a session, per app, pattern, day
/// and outcome.
public protocol LinkCountReads {
    /// The deep-link counts of an app, by day, pattern and kind.
    func counts(app: String) throws -> [LinkCount]
}

/// The deep-link counters, added to inside a ``StoreTransaction``.
public protocol LinkCountWrites: LinkCountReads {
    /// Adds to the counters.
    func add(_ counts: [LinkCount]) throws
}

/// Deep links kept for an app to claim once after it is installed, under their claim code's
/// HMAC, until they expire.
public protocol DeferredLinkWrites {
    /// Keeps `link` until `expires` for the app to claim once with `code` (normalized; see
    /// ``DeferredLink/normalized(_:)``).
    func keep(app: String, code: String, link: String, now: Int64, expires: Int64) throws
    /// The link kept under `code`, once: nil when there is none, it was claimed, or it has
    /// expired. Two claims at once get it once.
    func claim(app: String, code: String, now: Int64) throws -> DeferredLink?
    /// Deletes the links expired at `now`; returns how many.
    func sweep(now: Int64) throws -> Int
}
