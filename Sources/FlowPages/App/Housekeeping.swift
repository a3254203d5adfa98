import Dispatch
import FlowStore
import HTTPServer

/// What a running server does besides answering: sweeping what has expired, at start and hourly
/// (expired sessions are never loaded and old events are no longer wanted, so the database does
/// not grow with them) and attempt counts every 5 minutes (a guesser's are many, and swept in
/// short batches), and writing the deep-link counts kept in memory every 10 seconds.
struct Housekeeping {
    let store: any WebStore
    let linkCounters: LinkCounters
    /// How long events are kept, in days.
    let eventRetentionDays: Int
    let log: @Sendable (String) -> Void

    /// Starts both timers; they run while the returned sources are kept.
    func start() -> [any DispatchSourceTimer] {
        let sweeper = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "flowpages.sweeper"))
        sweeper.schedule(deadline: .now(), repeating: .seconds(3600))
        sweeper.setEventHandler {
            sweep()
            sweepAttempts()
        }
        sweeper.resume()
        let attempts = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "flowpages.attempt-sweeper"))
        attempts.schedule(deadline: .now() + .seconds(300), repeating: .seconds(300))
        attempts.setEventHandler { sweepAttempts() }
        attempts.resume()
        let counting = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "flowpages.link-counts"))
        counting.schedule(deadline: .now() + .seconds(10), repeating: .seconds(10))
        counting.setEventHandler { flushLinkCounts() }
        counting.resume()
        return [sweeper, attempts, counting]
    }

    /// Deletes expired sessions, events past their retention and expired deferred links; each on
    /// its own, so one failing leaves the others be.
    func sweep() {
        let now = WebClock.system.now()
        let retention = Int64(eventRetentionDays) * 86_400_000
        let sweeps: [(what: String, said: String?, run: () throws -> Int)] = [
            ("expired sessions", "expired sessions", { try store.sweepSessions(now: now) }),
            ("old events", "events older than \(eventRetentionDays) days", { try store.sweepEvents(olderThan: retention, now: now) }),
            ("expired deferred links", nil, { try store.sweepDeferredLinks(now: now) }),
        ]
        for sweep in sweeps {
            do {
                let swept = try sweep.run()
                if swept > 0, let said = sweep.said { log("swept \(swept) \(said)") }
            } catch {
                log("sweeping \(sweep.what) failed: \(error)")
            }
        }
    }

    /// Deletes the attempt counts that are over, in short batches.
    func sweepAttempts() {
        do {
            _ = try store.sweepAttempts(now: WebClock.system.now())
        } catch {
            log("sweeping attempt counts failed: \(error)")
        }
    }

    /// Writes the deep-link counts kept in memory; on failure they are kept for the next try.
    func flushLinkCounts() {
        do {
            try linkCounters.flush()
        } catch {
            log("writing deep-link counts failed, kept for the next try: \(error)")
        }
    }
}
