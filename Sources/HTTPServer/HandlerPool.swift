#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Dispatch
import Locking

/// A fixed number of threads for handlers that may block (a database write, a password hash),
/// so however many clients ask at once, the server never holds more threads than this. Jobs
/// beyond the threads wait in order; threads start as they are first needed.
///
/// A job is handed straight to a sleeping thread, the one that slept last (its cache is still
/// warm), so the pool's lock is taken once to submit and once when a job ends, and only as many
/// threads are awake as there is work.
final class HandlerPool: Sendable {
    typealias Job = @Sendable () -> Void

    /// A thread's way to be woken with a job, or with none when the pool stops.
    private final class Worker: Sendable {
        let wake = DispatchSemaphore(value: 0)
        /// Written once by the submitter before `wake` is signalled, read once by the thread
        /// after; the lock is never contended, it only makes the handover Sendable.
        let handed = Lock<Job?>(nil)
    }

    private struct State {
        var jobs: [Job] = []
        var head = 0
        var threads = 0
        /// Threads asleep, the last to fall asleep at the end.
        var sleeping: [Worker] = []
        var stopped = false
    }

    /// The most threads it runs.
    let width: Int
    /// The waiting jobs and the threads; the lock is what makes submitting from any connection
    /// queue and taking from any pool thread safe.
    private let state = Lock(State())

    init(width: Int) {
        precondition(width > 0, "a handler pool needs at least one thread")
        self.width = width
    }

    /// Runs `job` on a pool thread, after the jobs submitted before it. A pool that was stopped
    /// still runs it (a connection closing late), on a thread that ends after it.
    func submit(_ job: @escaping Job) {
        enum Placement { case handed(Worker), newThread, queued }
        let placement = state.withLock { state -> Placement in
            if let worker = state.sleeping.popLast() { return .handed(worker) }
            guard state.threads < width else {
                state.jobs.append(job)
                return .queued
            }
            state.threads += 1
            return .newThread
        }
        switch placement {
        case .handed(let worker):
            worker.handed.withLock { $0 = job }
            worker.wake.signal()
        case .newThread:
            startThread(with: job)
        case .queued:
            break
        }
    }

    /// Lets the threads finish the jobs already submitted, then end.
    func stop() {
        let sleepers = state.withLock { state in
            state.stopped = true
            defer {
                state.threads -= state.sleeping.count
                state.sleeping.removeAll()
            }
            return state.sleeping
        }
        // Woken with no job, a thread ends.
        for worker in sleepers { worker.wake.signal() }
    }

    /// The number of threads running now.
    var threadCount: Int { state.withLock { $0.threads } }

    private func startThread(with job: @escaping Job) {
        let context = Unmanaged.passRetained(ThreadStart(pool: self, job: job)).toOpaque()
        // Darwin's pthread_t is a pointer, optional until the thread exists; glibc's an integer.
        #if canImport(Darwin)
        var thread: pthread_t?
        #else
        var thread = pthread_t()
        #endif
        let created = pthread_create(&thread, nil, { argument in
            HandlerPool.threadMain(argument)
            return nil
        }, context)
        guard created == 0 else {
            // No new thread: the job waits for one of those already there.
            let start = Unmanaged<ThreadStart>.fromOpaque(context).takeRetainedValue()
            state.withLock { state in
                state.threads -= 1
                state.jobs.insert(start.job, at: state.head)
            }
            return
        }
        #if canImport(Darwin)
        if let thread { pthread_detach(thread) }
        #else
        pthread_detach(thread)
        #endif
    }

    /// A new thread's body; its argument is optional on glibc only, so it is taken as optional.
    private static func threadMain(_ argument: UnsafeMutableRawPointer?) {
        guard let argument else { return }
        let start = Unmanaged<ThreadStart>.fromOpaque(argument).takeRetainedValue()
        start.pool.work(first: start.job)
    }

    /// What a new thread starts with.
    private final class ThreadStart: Sendable {
        let pool: HandlerPool
        let job: Job

        init(pool: HandlerPool, job: @escaping Job) {
            self.pool = pool
            self.job = job
        }
    }

    private func work(first: @escaping Job) {
        enum Next { case run(Job), sleep, end }
        let worker = Worker()
        var job = first
        while true {
            job()
            let next = state.withLock { state -> Next in
                if state.head < state.jobs.count {
                    let next = state.jobs[state.head]
                    state.head += 1
                    if state.head == state.jobs.count {
                        state.jobs.removeAll(keepingCapacity: true)
                        state.head = 0
                    }
                    return .run(next)
                }
                if state.stopped {
                    state.threads -= 1
                    return .end
                }
                state.sleeping.append(worker)
                return .sleep
            }
            switch next {
            case .run(let next):
                job = next
            case .end:
                return
            case .sleep:
                worker.wake.wait()
                // Woken with no job: the pool stopped, and has stopped counting this thread.
                guard let handed = worker.handed.withLock({ handed in
                    defer { handed = nil }
                    return handed
                }) else { return }
                job = handed
            }
        }
    }
}
