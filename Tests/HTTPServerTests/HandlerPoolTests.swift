@testable import HTTPServer
import Dispatch
import Synchronization
import Testing

@Suite struct HandlerPoolTests {
    @Test func neverRunsMoreJobsAtOnceThanItHasThreads() {
        let pool = HandlerPool(width: 3)
        let running = Atomic<Int>(0)
        let most = Atomic<Int>(0)
        let done = DispatchGroup()
        for _ in 0..<40 {
            done.enter()
            pool.submit {
                let now = running.add(1, ordering: .relaxed).newValue
                _ = most.max(now, ordering: .relaxed)
                usleepMilliseconds(5)
                running.subtract(1, ordering: .relaxed)
                done.leave()
            }
        }
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(most.load(ordering: .relaxed) == 3)
        #expect(pool.threadCount == 3)
        pool.stop()
    }

    @Test func stoppingLetsSubmittedJobsFinishAndEndsTheThreads() {
        let pool = HandlerPool(width: 2)
        let finished = Atomic<Int>(0)
        for _ in 0..<6 {
            pool.submit {
                usleepMilliseconds(10)
                finished.add(1, ordering: .relaxed)
            }
        }
        pool.stop()
        for _ in 0..<200 where pool.threadCount > 0 { usleepMilliseconds(10) }
        #expect(finished.load(ordering: .relaxed) == 6)
        #expect(pool.threadCount == 0)
    }

    @Test func runsOnlyItsParallelismAtOnceWhileJobsKeepFinishing() {
        let pool = HandlerPool(width: 8, parallelism: 2, patience: .seconds(1))
        let running = Atomic<Int>(0)
        let most = Atomic<Int>(0)
        let done = DispatchGroup()
        for _ in 0..<200 {
            done.enter()
            pool.submit {
                let now = running.add(1, ordering: .relaxed).newValue
                _ = most.max(now, ordering: .relaxed)
                // Work, as a page's render is: the thread keeps its core.
                let end = ContinuousClock.now + .microseconds(200)
                while ContinuousClock.now < end {}
                running.subtract(1, ordering: .relaxed)
                done.leave()
            }
        }
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(most.load(ordering: .relaxed) == 2)
        #expect(pool.threadCount == 2)
        pool.stop()
    }

    @Test func wakesAnotherThreadWhenTheRunningOnesStall() {
        // One job waits on something slow; the next must not wait as long, even with no more
        // jobs submitted to notice it.
        let pool = HandlerPool(width: 4, parallelism: 1, patience: .milliseconds(5))
        let slowDone = Atomic<Bool>(false)
        let quickSawSlowDone = Atomic<Bool>(true)
        let done = DispatchGroup()
        done.enter()
        pool.submit {
            usleepMilliseconds(2000)
            slowDone.store(true, ordering: .relaxed)
            done.leave()
        }
        done.enter()
        pool.submit {
            quickSawSlowDone.store(slowDone.load(ordering: .relaxed), ordering: .relaxed)
            done.leave()
        }
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(quickSawSlowDone.load(ordering: .relaxed) == false)
        #expect(pool.threadCount == 2)
        pool.stop()
    }
}
