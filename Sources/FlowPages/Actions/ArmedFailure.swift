import Navigation

/// A failure a tester armed (a ``PrototypeTool`` post): the next ``submitsInARow`` submits fail with a
/// network or server error, the last offering support. Kept in the session's state as one flag,
/// its kind and how many submits it has failed so far: `flowpages.fail-network=1`.
package struct ArmedFailure: Hashable {
    /// How an armed submit fails: as a lost connection or as a server error.
    package enum Kind: String {
        case network
        case server
    }

    var kind: Kind
    /// How many submits it has failed so far.
    var failed: Int

    /// How many submits in a row fail once a failure is armed.
    package static let submitsInARow = 3
    private static let prefix = "flowpages.fail-"
    /// Before the count was part of the flag it had one of its own; a session may still hold it.
    private static let olderCount = "flowpages.failures="

    /// A failure of `kind` that has failed `failed` submits so far.
    package init(kind: Kind, failed: Int = 0) {
        self.kind = kind
        self.failed = failed
    }

    /// The failure armed in `state`, if any.
    init?(in state: NavigationState) {
        for flag in state.flags where flag.hasPrefix(Self.prefix) {
            let parts = flag.dropFirst(Self.prefix.count).split(separator: "=", maxSplits: 1)
            guard let kind = parts.first.flatMap({ Kind(rawValue: String($0)) }) else { continue }
            self.init(kind: kind, failed: parts.count == 2 ? Int(parts[1]) ?? 0 : 0)
            return
        }
        return nil
    }

    /// Keeps `failure` in `state` in place of any armed before; nil disarms.
    package static func set(_ failure: ArmedFailure?, in state: inout NavigationState) {
        state.flags = state.flags.filter { !$0.hasPrefix(prefix) && !$0.hasPrefix(olderCount) }
        if let failure { state.flags.insert(prefix + failure.kind.rawValue + "=" + String(failure.failed)) }
    }
}
