import Foundation

/// Bounds how many password hashes run at once. Each scrypt hash at the recommended cost takes
/// 128 MiB and a whole core for a quarter of a second, so unbounded sign-ins exhaust memory long
/// before they exhaust connections: at most `width` run at once, up to `queueLimit` more wait
/// for a turn for at most `maximumWait` seconds, and any other caller is refused at once with
/// ``PasswordHasher/Busy``.
///
/// `@unchecked Sendable`: `running` and `waiting` are read and written only while `condition`'s
/// lock is held.
public final class HashingGate: @unchecked Sendable {
    /// The most hashes that run at once.
    public let width: Int
    /// The most callers that wait for a turn.
    public let queueLimit: Int
    /// How long a caller waits for a turn, in seconds.
    public let maximumWait: Double
    private let condition = NSCondition()
    private var running = 0
    private var waiting = 0

    /// The gate every ``PasswordHasher`` uses unless given another: one hash per core, 32
    /// waiting for at most 10 seconds.
    public static let shared = HashingGate()

    public init(width: Int = ProcessInfo.processInfo.activeProcessorCount, queueLimit: Int = 32, maximumWait: Double = 10) {
        self.width = max(1, width)
        self.queueLimit = max(0, queueLimit)
        self.maximumWait = maximumWait
    }

    /// How many callers are hashing and how many are waiting now, for monitoring and tests.
    public var load: (running: Int, waiting: Int) {
        condition.withLock { (running, waiting) }
    }

    /// Runs `body` once a turn is free.
    /// - Throws: ``PasswordHasher/Busy`` when the queue is full or no turn came in time (then
    ///   `body` is not run), or what `body` throws.
    public func run<T>(_ body: () throws -> T) throws -> T {
        try enter()
        defer { leave() }
        return try body()
    }

    private func enter() throws(PasswordHasher.Busy) {
        condition.lock()
        defer { condition.unlock() }
        if running < width {
            running += 1
            return
        }
        guard waiting < queueLimit else { throw .queueFull }
        waiting += 1
        defer { waiting -= 1 }
        let deadline = Date(timeIntervalSinceNow: maximumWait)
        while running >= width {
            if !condition.wait(until: deadline), running >= width { throw .waitedTooLong }
        }
        running += 1
    }

    private func leave() {
        condition.lock()
        running -= 1
        // Every waiter rechecks; waking one could lose the turn to a waiter timing out meanwhile.
        condition.broadcast()
        condition.unlock()
    }
}
