import Locking

/// The accounts a request's browser proves while its effects run — a password that matched, a
/// registration verified, a password reset through a mailed code — for the response to remember
/// in its ``DeviceCookie``.
public final class DeviceProofs: Sendable {
    /// The emails proved, in order. The lock is what makes an effect's adding safe from whichever
    /// thread runs it; a request's effects run one after another, so it is never contended.
    private let emails = Lock<[String]>([])

    public init() {}

    /// Records that the browser proved `email`'s account.
    public func prove(_ email: String) {
        emails.withLock { if !$0.contains(email) { $0.append(email) } }
    }

    /// The emails proved so far.
    public var proven: [String] {
        emails.withLock { $0 }
    }
}
