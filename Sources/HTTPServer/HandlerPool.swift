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
/// Of those threads, only `parallelism` run jobs at once while their jobs are short: on a machine
/// with few cores, more threads than about twice the cores only take turns on them, each turn a
/// task switch with cold caches (a rendered page on two cores: 64 at once answered 0.86× as many
/// requests as 4). A job then waits for the next thread to finish, which takes it without
/// sleeping. A job running longer than `patience` (waiting on something slow: a password hash,
/// another process, a lock) no longer counts, so the jobs behind it get another thread rather
/// than waiting for it; a look after `patience` makes sure of that when nothing else is submitted.
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
        /// The threads awake with a job, and when each began its job.
        var started: [ObjectIdentifier: ContinuousClock.Instant] = [:]
        /// Whether a look for stalled threads is scheduled (one at a time).
        var checkDue = false
        /// Threads asleep, the last to fall asleep at the end.
        var sleeping: [Worker] = []
        var stopped = false

        var hasJobs: Bool { head < jobs.count }

        mutating func takeJob() -> Job {
            let job = jobs[head]
            head += 1
            if head == jobs.count {
                jobs.removeAll(keepingCapacity: true)
                head = 0
            }
            return job
        }
    }

    /// A job put on a thread: one woken, or one started.
    private enum Placement {
        case handed(Worker, Job)
        case newThread(Worker, Job)
    }

    /// The most threads it runs.
    let width: Int
    /// How many threads run jobs at once while they keep finishing them.
    let parallelism: Int
    /// How long a job runs before it no longer counts toward `parallelism`.
    let patience: Duration
    /// The waiting jobs and the threads; the lock is what makes submitting from any connection
    /// queue and taking from any pool thread safe.
    private let state = Lock(State())

    /// A pool of at most `width` threads, `parallelism` of them (all, when nil) running jobs at
    /// once, not counting jobs that have run for `patience` or longer.
    init(width: Int, parallelism: Int? = nil, patience: Duration = .milliseconds(2)) {
        precondition(width > 0, "a handler pool needs at least one thread")
        self.width = width
        self.parallelism = min(width, max(1, parallelism ?? width))
        self.patience = patience
    }

    /// Runs `job` on a pool thread, after the jobs submitted before it. A pool that was stopped
    /// still runs it (a connection closing late), on a thread that ends after it.
    func submit(_ job: @escaping Job) {
        let (placed, check) = state.withLock { state -> (Placement?, Bool) in
            state.jobs.append(job)
            // Behind running threads a job waits for the next to finish, unless they are slow.
            return (placeOldest(in: &state, now: .now), scheduleCheck(in: &state))
        }
        if check { checkLater() }
        if let placed { carryOut(placed) }
    }

    /// The oldest waiting job on a thread, if one may take it now: fewer than `parallelism` jobs
    /// are running that began less than `patience` ago.
    private func placeOldest(in state: inout State, now: ContinuousClock.Instant) -> Placement? {
        guard state.hasJobs, state.started.count < parallelism || busy(state, now: now) < parallelism else { return nil }
        let worker: Worker
        let placed: Placement
        if let sleeping = state.sleeping.popLast() {
            worker = sleeping
            placed = .handed(worker, state.takeJob())
        } else if state.threads < width {
            state.threads += 1
            worker = Worker()
            placed = .newThread(worker, state.takeJob())
        } else {
            return nil
        }
        state.started[ObjectIdentifier(worker)] = now
        return placed
    }

    /// How many running jobs began less than `patience` before `now`.
    private func busy(_ state: State, now: ContinuousClock.Instant) -> Int {
        state.started.values.reduce(0) { count, began in now - began < patience ? count + 1 : count }
    }

    /// Whether to look again after `patience`: jobs wait, a thread could still be woken, and no
    /// look is scheduled yet.
    private func scheduleCheck(in state: inout State) -> Bool {
        guard !state.checkDue, state.hasJobs, state.threads < width || !state.sleeping.isEmpty else { return false }
        state.checkDue = true
        return true
    }

    /// Without this look, a job submitted while every running thread waits on something slow
    /// would wait as long as they do.
    private func checkLater() {
        let (seconds, attoseconds) = patience.components
        let delay = DispatchTimeInterval.nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
        DispatchQueue.global().asyncAfter(deadline: .now() + delay) { [self] in
            let (placed, check) = state.withLock { state -> (Placement?, Bool) in
                state.checkDue = false
                return (placeOldest(in: &state, now: .now), scheduleCheck(in: &state))
            }
            if check { checkLater() }
            if let placed { carryOut(placed) }
        }
    }

    private func carryOut(_ placement: Placement) {
        switch placement {
        case .handed(let worker, let job):
            worker.handed.withLock { $0 = job }
            worker.wake.signal()
        case .newThread(let worker, let job):
            startThread(worker, with: job)
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

    private func startThread(_ worker: Worker, with job: @escaping Job) {
        let context = Unmanaged.passRetained(ThreadStart(pool: self, worker: worker, job: job)).toOpaque()
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
            // No new thread: the job waits for one of those already there, or for a look later
            // (which tries again) when none is running.
            let start = Unmanaged<ThreadStart>.fromOpaque(context).takeRetainedValue()
            let check = state.withLock { state in
                state.threads -= 1
                state.started[ObjectIdentifier(worker)] = nil
                state.jobs.insert(start.job, at: state.head)
                return scheduleCheck(in: &state)
            }
            if check { checkLater() }
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
        start.pool.work(as: start.worker, first: start.job)
    }

    /// What a new thread starts with.
    private final class ThreadStart: Sendable {
        let pool: HandlerPool
        let worker: Worker
        let job: Job

        init(pool: HandlerPool, worker: Worker, job: @escaping Job) {
            self.pool = pool
            self.worker = worker
            self.job = job
        }
    }

    private func work(as worker: Worker, first: @escaping Job) {
        enum Next { case run(Job), sleep, end }
        var job = first
        while true {
            job()
            let next = state.withLock { state -> Next in
                if state.hasJobs {
                    state.started[ObjectIdentifier(worker)] = .now
                    return .run(state.takeJob())
                }
                state.started[ObjectIdentifier(worker)] = nil
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
