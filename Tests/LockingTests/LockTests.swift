import Dispatch
import Locking
import Testing

@Suite struct LockTests {
    @Test func threadsChangingTheValueAtOnceLoseNoChange() {
        let counter = Lock(0)
        let threads = 8, rounds = 50_000
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            for _ in 0..<rounds {
                // Read, then write: two steps another thread could fall between without the lock.
                counter.withLock { value in
                    let read = value
                    value = read + 1
                }
            }
        }
        #expect(counter.withLock { $0 } == threads * rounds)
    }

    @Test func aThrowingBodyLeavesTheLockFreeAndItsChangesKept() {
        struct Refused: Error {}
        let names = Lock<[String]>([])
        #expect(throws: Refused.self) {
            try names.withLock { (names: inout [String]) throws(Refused) in
                names.append("kept")
                throw Refused()
            }
        }
        // Taken again on the same thread: a lock left held would wait here for ever.
        #expect(names.withLock { $0 } == ["kept"])
    }
}
