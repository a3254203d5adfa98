import Dispatch
import FlowStore
import SQLiteStore
import Synchronization
import Testing

@Suite struct AttemptStoreTests {
    @Test func attemptsMadeAtOnceAreCountedOneAfterAnother() throws {
        let store = SQLiteWebStore(database: try makeDatabase(), key: testKey, hasher: cheapHasher)
        let key = AttemptKey(.signInPerAccount, app: "suma", "test@example.com")
        let allowed = Atomic(0)
        DispatchQueue.concurrentPerform(iterations: 64) { _ in
            if (try? store.countAttempt([key], now: 1_000)) != nil { allowed.add(1, ordering: .relaxed) }
        }
        #expect(allowed.load(ordering: .relaxed) == AttemptLimit.signInPerAccount.free, "the free ones, and no more")
    }

    @Test func anAttemptThatSucceededIsTakenBack() throws {
        let store = SQLiteWebStore(database: try makeDatabase(), key: testKey, hasher: cheapHasher)
        let address = AttemptKey(.signInPerAddress, app: "suma", "127.0.0.1")
        for _ in 1...AttemptLimit.signInPerAddress.free * 2 {
            try store.countAttempt([address], now: 0)
            try store.transaction { try $0.attempts.refund([address]) }
        }
        for _ in 1..<AttemptLimit.signInPerAddress.free { try store.countAttempt([address], now: 0) }
        try store.countAttempt([address], now: 0)
        #expect(throws: TooManyAttempts.self, "the failures alone count") { try store.countAttempt([address], now: 0) }
    }

    @Test func aRefusalSaysItsWaitAndASweepForgetsWhatIsOver() throws {
        let store = SQLiteWebStore(database: try makeDatabase(), key: testKey, hasher: cheapHasher)
        let (account, address) = (AttemptKey(.codePerAccount, app: "suma", "a"), AttemptKey(.codePerAddress, app: "suma", "127.0.0.1"))
        for _ in 1...AttemptLimit.codePerAccount.free { try store.countAttempt([account, address], now: 0) }
        #expect(throws: TooManyAttempts(wait: AttemptLimit.codePerAccount.firstDelay)) { try store.countAttempt([address, account], now: 0) }
        try store.transaction { try $0.attempts.clear([account]) }
        try store.countAttempt([account, address], now: 0)
        #expect(try store.sweepAttempts(now: AttemptLimit.codePerAddress.window - 1) == 0)
        #expect(try store.sweepAttempts(now: AttemptLimit.codePerAddress.window) == 2)
    }
}
