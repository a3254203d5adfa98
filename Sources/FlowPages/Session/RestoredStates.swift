import FlowStore
import Navigation
import Locking

/// Sessions' navigation states by their stored bytes, restored once: a person reading page after
/// page restores the same bytes each time, and reading them (JSON) and checking them against the
/// app cost more than the rest of reading the session. A state is kept as it is saved, too, so
/// the page after a post reads it back without decoding it.
///
/// One per mounted app: a state that fits this definition may not fit the next (`--watch`
/// mounts anew). Only states that fit are kept: a stored state that no longer fits is restored
/// (started over) every time, as without this.
final class RestoredStates: Sendable {
    /// How many bytes of stored states are kept by default (a thousand sessions or more; held in
    /// memory a state takes a few times its bytes); past it the cache starts over.
    static let byteLimit = 2 << 20
    private let navigation: NavigationDefinition
    private let limit: Int
    private let cache = Lock(Cache())

    private struct Cache {
        var states: [Key: NavigationState] = [:]
        var bytes = 0
    }

    private typealias Key = HashedBytes

    init(_ navigation: NavigationDefinition, byteLimit: Int = RestoredStates.byteLimit) {
        self.navigation = navigation
        limit = byteLimit
    }

    /// What ``NavigationDefinition/restore(encoded:)`` makes of `bytes`.
    func restore(_ bytes: [UInt8]) -> StateRestoration {
        let key = Key(bytes)
        if let known = cache.withLock({ $0.states[key] }) { return .restored(known) }
        let restoration = navigation.restore(encoded: bytes)
        if case .restored(let state) = restoration { keep(state, under: key) }
        return restoration
    }

    /// Keeps `state`, just saved as `encoded`, when it fits the app.
    func keep(_ state: NavigationState, encoded: [UInt8]) {
        guard navigation.inconsistencies(in: state).isEmpty else { return }
        keep(state, under: Key(encoded))
    }

    private func keep(_ state: NavigationState, under key: Key) {
        cache.withLock { cache in
            guard cache.states[key] == nil, key.bytes.count <= limit else { return }
            if cache.bytes + key.bytes.count > limit {
                cache.states.removeAll(keepingCapacity: true)
                cache.bytes = 0
            }
            cache.states[key] = state
            cache.bytes += key.bytes.count
        }
    }

    /// How many states are kept, for tests.
    var count: Int { cache.withLock { $0.states.count } }
}
