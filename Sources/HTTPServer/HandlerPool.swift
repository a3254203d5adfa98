#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Dispatch
import Synchronization

/// A fixed number of threads for handlers that may block (a database write, a password hash),
/// so however many clients ask at once, the server never holds more threads than this. Jobs
/// beyond the threads wait in order; threads start as they are first needed.
final class HandlerPool: Sendable {
    typealias Job = @Sendable () -> Void

    private struct State {
        var jobs: [Job] = []
        var head = 0
        var threads = 0
        /// Threads waiting for a job that have not claimed one yet.
        var idle = 0
        var stopped = false

        var pending: Int { jobs.count - head }
    }

    /// The most threads it runs.
    let width: Int
    /// The jobs and the thread counts; the lock is what makes submitting from any connection
    /// queue and claiming from any worker thread safe.
    private let state = Mutex(State())
    /// One signal per job submitted (and one per thread when stopping).
    private let available = DispatchSemaphore(value: 0)

    init(width: Int) {
        precondition(width > 0, "a handler pool needs at least one thread")
        self.width = width
    }

    /// Runs `job` on a pool thread, after the jobs submitted before it. A pool that was stopped
    /// still runs it (a connection closing late), on a thread that ends after it.
    func submit(_ job: @escaping Job) {
        let spawn = state.withLock { state -> Bool in
            state.jobs.append(job)
            guard state.pending > state.idle, state.threads < width else { return false }
            state.threads += 1
            return true
        }
        available.signal()
        if spawn { startThread() }
    }

    /// Lets the threads finish the jobs already submitted, then end.
    func stop() {
        let threads = state.withLock { state in
            state.stopped = true
            return state.threads
        }
        for _ in 0..<threads { available.signal() }
    }

    /// The number of threads running now.
    var threadCount: Int { state.withLock { $0.threads } }

    private func startThread() {
        let retained = Unmanaged.passRetained(self).toOpaque()
        var thread = pthread_t()
        let created = pthread_create(&thread, nil, { argument in
            let pool = Unmanaged<HandlerPool>.fromOpaque(argument!).takeRetainedValue()
            pool.work()
            return nil
        }, retained)
        guard created == 0 else {
            // Without a new thread the job still runs on one of those already there.
            Unmanaged<HandlerPool>.fromOpaque(retained).release()
            state.withLock { $0.threads -= 1 }
            return
        }
        pthread_detach(thread)
    }

    private func work() {
        while true {
            let ended = state.withLock { state -> Bool in
                guard !state.stopped || state.pending > 0 else {
                    state.threads -= 1
                    return true
                }
                state.idle += 1
                return false
            }
            if ended { return }
            available.wait()
            let job = state.withLock { state -> Job? in
                state.idle -= 1
                guard state.head < state.jobs.count else {
                    state.threads -= 1
                    return nil
                }
                let job = state.jobs[state.head]
                state.head += 1
                if state.head > 64, state.head * 2 > state.jobs.count {
                    state.jobs.removeFirst(state.head)
                    state.head = 0
                }
                return job
            }
            guard let job else { return }
            job()
        }
    }
}
