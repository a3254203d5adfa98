#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Milliseconds since 1970, as the stores keep times. Every store call takes the time as an
/// argument, so tests move the clock instead of waiting.
public enum Timestamp {
    /// The current time.
    public static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000
    }
}
