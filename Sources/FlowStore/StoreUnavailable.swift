/// The store cannot be reached now — its database server is down, restarting or refusing
/// connections, or every connection stayed busy past the wait. Nothing of the request was
/// kept; the caller should answer "try again shortly" (503 with `Retry-After`), never with the
/// details, which `reason` holds for the log.
public struct StoreUnavailable: Error, Hashable, Sendable, CustomStringConvertible {
    /// What happened, for the log.
    public let reason: String

    public init(_ reason: String) {
        self.reason = reason
    }

    public var description: String { "the store is unavailable: \(reason)" }
}
