#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// The least CPU time, in seconds, the calling thread spends running `body`, over `runs` runs.
/// CPU time leaves out waiting for another process's turn, and the least of a few runs leaves
/// out cold caches, so comparing two of these is steady on a busy machine where a wall-clock
/// bound would not be.
func leastThreadCPUTime(runs: Int = 5, _ body: () -> Void) -> Double {
    (0..<runs).map { _ in
        var before = timespec()
        var after = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &before)
        body()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &after)
        return Double(after.tv_sec - before.tv_sec) + Double(after.tv_nsec - before.tv_nsec) / 1e9
    }.min()!
}
