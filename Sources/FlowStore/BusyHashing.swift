/// Why a password could not be hashed or checked now: too many already are. Nothing was
/// changed; the caller should answer "try again shortly" (503 with `Retry-After`).
public enum BusyHashing: Error, Hashable, Sendable {
    /// The queue of waiting hashes was full.
    case queueFull
    /// No turn came within the longest wait.
    case waitedTooLong
}
