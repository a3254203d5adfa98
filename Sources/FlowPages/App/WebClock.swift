import Foundation

/// Where the web layer reads the time, in milliseconds since 1970: the system's clock, or one a
/// test moves to see sessions expire without waiting.
public struct WebClock: Sendable {
    /// The current time.
    public let now: @Sendable () -> Int64

    public init(_ now: @escaping @Sendable () -> Int64) {
        self.now = now
    }

    /// The system's real-time clock.
    public static let system = WebClock { Int64((Date().timeIntervalSince1970 * 1000).rounded(.down)) }
}
