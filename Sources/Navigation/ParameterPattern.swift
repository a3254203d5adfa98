import Synchronization

/// A compiled parameter pattern, shared by every navigation that checks the parameter.
///
/// `Regex` is not `Sendable`, so the compiled expression lives in a `Mutex`: the lock is what makes
/// sharing this object across threads sound. Patterns are short and matched rarely, so the lock is
/// never contended for long.
final class ParameterPattern: Sendable {
    let source: String
    private let regex: Mutex<Regex<AnyRegexOutput>>

    /// Compiles `source`; throws the regular-expression parser's error when it is invalid.
    init(_ source: String) throws {
        self.source = source
        self.regex = Mutex(try Regex(source))
    }

    /// Whether the whole of `value` matches.
    func matches(_ value: String) -> Bool {
        regex.withLock { regex in
            (try? regex.wholeMatch(in: value)) != nil
        }
    }
}
