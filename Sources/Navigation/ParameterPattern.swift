import Synchronization

/// A compiled parameter pattern, shared by every navigation that checks the parameter.
///
/// Every request that restores a session checks each screen of its state, so a pattern is
/// checked from every thread at once. A plain pattern (``PlainPattern``: sets and counts, as
/// nearly every app writes) matches a printable ASCII value with no lock at all: even a short
/// lock taken for every check made dozens of handler threads on two cores queue behind a
/// holder the scheduler had paused, which cost a quarter of a fast page's time. Any other
/// pattern or value goes to the regular-expression engine, whose outcome for a value is
/// remembered: a value seen before costs a dictionary lookup under `known`'s lock, not a match
/// under the expression's.
///
/// `Regex` is not `Sendable`, so the compiled expression lives in a `Mutex`: the lock is what
/// makes sharing it across threads sound.
final class ParameterPattern: Sendable {
    let source: String
    /// The pattern matched without the engine, when it is plain.
    private let plain: PlainPattern?
    private let regex: Mutex<Regex<AnyRegexOutput>>
    /// Values checked before, and whether they matched.
    private let known = Mutex<[String: Bool]>([:])
    /// How many outcomes are remembered; past it they are forgotten and learnt again.
    static let knownLimit = 4_096

    /// Compiles `source`; throws the regular-expression parser's error when it is invalid.
    init(_ source: String) throws {
        self.source = source
        self.plain = PlainPattern(source)
        self.regex = Mutex(try Regex(source))
    }

    /// Whether the whole of `value` matches.
    func matches(_ value: String) -> Bool {
        if let outcome = plain?.matches(value) { return outcome }
        if let outcome = known.withLock({ $0[value] }) { return outcome }
        let outcome = regex.withLock { regex in (try? regex.wholeMatch(in: value)) != nil }
        known.withLock { known in
            if known.count >= Self.knownLimit { known.removeAll(keepingCapacity: true) }
            known[value] = outcome
        }
        return outcome
    }
}
