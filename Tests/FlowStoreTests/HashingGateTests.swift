import Dispatch
import Foundation
import FlowStore
import Testing

@Suite struct HashingGateTests {
    /// Runs `body` on a thread of its own and returns at once; `done` is signalled when it ends.
    func start(_ body: @escaping @Sendable () -> Void) -> DispatchSemaphore {
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            body()
            done.signal()
        }
        return done
    }

    /// Waits until the gate's load is `expected`, for at most 5 s.
    func waitFor(_ gate: HashingGate, _ expected: (Int, Int)) {
        let deadline = Date(timeIntervalSinceNow: 5)
        while gate.load != expected, Date() < deadline { usleep(1_000) }
    }

    @Test func beyondTheRunningAndTheQueuedACallerIsBusyAtOnce() throws {
        let gate = HashingGate(width: 1, queueLimit: 1, maximumWait: 10)
        let release = DispatchSemaphore(value: 0)
        let first = start { _ = try? gate.run { release.wait() } }
        waitFor(gate, (1, 0))
        let queued = Counter()
        let second = start { _ = try? gate.run { queued.enter(); queued.leave() } }
        waitFor(gate, (1, 1))
        #expect(gate.load == (1, 1))
        let began = Date()
        #expect(throws: PasswordHasher.Busy.queueFull) { try gate.run {} }
        #expect(Date().timeIntervalSince(began) < 1, "refused at once, not after waiting")
        release.signal()
        first.wait()
        second.wait()
        #expect(queued.completed == 1, "the queued caller had its turn")
        #expect(gate.load == (0, 0))
        #expect(try gate.run { 42 } == 42)
    }

    @Test func aQueuedCallerWaitsAtMostTheLongestWait() throws {
        let gate = HashingGate(width: 1, queueLimit: 4, maximumWait: 0.2)
        let release = DispatchSemaphore(value: 0)
        let first = start { _ = try? gate.run { release.wait() } }
        waitFor(gate, (1, 0))
        let began = Date()
        #expect(throws: PasswordHasher.Busy.waitedTooLong) { try gate.run {} }
        #expect(Date().timeIntervalSince(began) >= 0.2)
        #expect(gate.load == (1, 0), "the one that gave up left the queue")
        release.signal()
        first.wait()
    }

    @Test(arguments: [1, 2, 3])
    func neverMoreThanTheWidthRunAtOnce(width: Int) throws {
        let gate = HashingGate(width: width, queueLimit: 64, maximumWait: 30)
        let counter = Counter()
        let callers = 24
        DispatchQueue.concurrentPerform(iterations: callers) { _ in
            _ = try? gate.run {
                counter.enter()
                usleep(2_000)
                counter.leave()
            }
        }
        #expect(counter.completed == callers, "every caller got a turn")
        #expect(counter.peak <= width)
        #expect(gate.load == (0, 0))
    }

    @Test func hashingAndCheckingPasswordsTakeTurnsOfTheHashersGate() throws {
        let gate = HashingGate(width: 1, queueLimit: 0, maximumWait: 10)
        let hasher = PasswordHasher(logRounds: 10, blockSize: 8, parallelism: 1, gate: gate)
        let stored = try hasher.hash("password123")
        let release = DispatchSemaphore(value: 0)
        let holder = start { _ = try? gate.run { release.wait() } }
        waitFor(gate, (1, 0))
        #expect(throws: PasswordHasher.Busy.queueFull) { try hasher.hash("password123") }
        #expect(throws: PasswordHasher.Busy.queueFull) { try hasher.verify("password123", against: stored) }
        #expect(throws: PasswordHasher.Busy.queueFull, "a check against the unmatchable hash costs a turn too") {
            try hasher.verify("password123", against: hasher.unmatchableHash)
        }
        release.signal()
        holder.wait()
        #expect(try hasher.verify("password123", against: stored))
        #expect(try !hasher.verify("password123", against: hasher.unmatchableHash))
    }

    @Test func theSharedGateHasOneTurnPerCoreAndABoundedQueue() {
        #expect(HashingGate.shared.width == ProcessInfo.processInfo.activeProcessorCount)
        #expect(HashingGate.shared.queueLimit == 32 && HashingGate.shared.maximumWait == 10)
        #expect(PasswordHasher.recommended.gate === HashingGate.shared)
    }
}

/// Counts callers inside a section and the most ever inside at once.
///
/// `@unchecked Sendable`: every property is read and written only while `lock` is held.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var inside = 0
    private var _peak = 0
    private var _completed = 0

    func enter() {
        lock.withLock {
            inside += 1
            _peak = max(_peak, inside)
        }
    }

    func leave() {
        lock.withLock {
            inside -= 1
            _completed += 1
        }
    }

    var peak: Int { lock.withLock { _peak } }
    var completed: Int { lock.withLock { _completed } }
}
