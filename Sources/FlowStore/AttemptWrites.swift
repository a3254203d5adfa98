/// The attempt counts of ``AttemptLimit``, kept under an HMAC of limit and subject
/// (``AttemptKey/stored(under:)``), so the store names no email or address.
public protocol AttemptWrites {
    /// Counts one attempt under `key`; returns how long it must wait (0: not at all). An attempt
    /// that must wait is not counted and writes nothing (``AttemptLimit/count(_:now:)``).
    func count(_ key: AttemptKey, now: Int64) throws -> Int64
    /// Forgets the attempts counted under `keys`: a sign-in that succeeded, a password reset.
    func clear(_ keys: [AttemptKey]) throws
    /// Takes back the one attempt this request counted under each of `keys`, as it succeeded: a
    /// limit counts failures (and attempts still being checked), so an office behind one address
    /// signing in all morning is never held back, while each wrong guess still counts.
    func refund(_ keys: [AttemptKey]) throws
    /// Deletes at most `limit` of the counts that are over at `now`, those over longest first;
    /// returns how many.
    func sweep(now: Int64, limit: Int) throws -> Int
}
