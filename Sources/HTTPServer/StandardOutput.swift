#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Log lines on standard output, each in one `write`: nothing buffered and lost on a crash,
/// and lines from many connections never interleave (writes up to PIPE_BUF are atomic).
public enum StandardOutput {
    /// Writes `text` and a newline.
    public static func writeLine(_ text: String) {
        var bytes = Array(text.utf8)
        bytes.append(UInt8(ascii: "\n"))
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress! + written, bytes.count - written) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return }
            written += count
        }
    }
}
