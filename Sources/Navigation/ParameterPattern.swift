import Synchronization

/// A compiled parameter pattern, shared by every navigation that checks the parameter.
///
/// Every request that restores a session checks each screen of its state, so a pattern is
/// checked from every thread at once, mostly against the same few values (listing ids). The
/// outcome for a value is remembered, so a value seen before costs a dictionary lookup under
/// `known`'s lock, not a match: matching under the expression's lock for every check made
/// threads queue behind each other (most of a signed-in request's time in Reality Portal).
///
/// `Regex` is not `Sendable`, so the compiled expression lives in a `Mutex`: the lock is what
/// makes sharing it across threads sound.
final class ParameterPattern: Sendable {
    let source: String
    private let regex: Mutex<Regex<AnyRegexOutput>>
    /// Values checked before, and whether they matched.
    private let known = Mutex<[String: Bool]>([:])
    /// How many outcomes are remembered; past it they are forgotten and learnt again.
    static let knownLimit = 4_096

    /// Compiles `source`; throws the regular-expression parser's error when it is invalid.
    init(_ source: String) throws {
        self.source = source
        self.regex = Mutex(try Regex(source))
    }

    /// Whether the whole of `value` matches.
    func matches(_ value: String) -> Bool {
        if let outcome = known.withLock({ $0[value] }) { return outcome }
        let outcome = regex.withLock { regex in (try? regex.wholeMatch(in: value)) != nil }
        known.withLock { known in
            if known.count >= Self.knownLimit { known.removeAll(keepingCapacity: true) }
            known[value] = outcome
        }
        return outcome
    }
}
