@testable import HTTPServer
import Dispatch
import Synchronization
import Testing

@Suite struct HandlerPoolTests {
    /// Submits `count` jobs that each do `work`, waits for them all, and says how many ran at once at most.
    private func mostAtOnce(_ pool: HandlerPool, jobs count: Int, _ work: @escaping @Sendable () -> Void) -> Int {
        let running = Atomic<Int>(0)
        let most = Atomic<Int>(0)
        let done = DispatchGroup()
        for _ in 0..<count {
            done.enter()
            pool.submit {
                let now = running.add(1, ordering: .relaxed).newValue
                _ = most.max(now, ordering: .relaxed)
                work()
                running.subtract(1, ordering: .relaxed)
                done.leave()
            }
        }
        #expect(done.wait(timeout: .now() + 10) == .success)
        return most.load(ordering: .relaxed)
    }

    @Test func neverRunsMoreJobsAtOnceThanItHasThreads() {
        let pool = HandlerPool(width: 3)
        #expect(mostAtOnce(pool, jobs: 40) { usleepMilliseconds(5) } == 3)
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
        let most = mostAtOnce(pool, jobs: 200) {
            // Work, as a page's render is: the thread keeps its core.
            let end = ContinuousClock.now + .microseconds(200)
            while ContinuousClock.now < end {}
        }
        #expect(most == 2)
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

    @Test func aSlowJobDoesNotCountSoTheQueueGetsAnotherThread() {
        // One job waits on something slow while short ones keep finishing behind it: the short
        // ones still get the pool's parallelism, not the one thread left.
        let pool = HandlerPool(width: 3, parallelism: 2, patience: .milliseconds(5))
        let slow = DispatchGroup()
        slow.enter()
        pool.submit {
            usleepMilliseconds(1000)
            slow.leave()
        }
        usleepMilliseconds(20)
        let most = mostAtOnce(pool, jobs: 400) {
            let end = ContinuousClock.now + .microseconds(200)
            while ContinuousClock.now < end {}
        }
        #expect(most == 2)
        #expect(slow.wait(timeout: .now() + 10) == .success)
        pool.stop()
    }
}
