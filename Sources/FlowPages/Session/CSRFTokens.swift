import FlowStore
import Locking

/// Sessions' CSRF tokens by the secret they derive from, derived once: a person reading page
/// after page has the same token on every form, and deriving it (an HMAC) cost a page more than
/// its cookie and its template's lookups together. Bounded: past ``limit`` secrets the cache
/// starts over.
final class CSRFTokens: Sendable {
    /// How many secrets are kept (a thousand sessions or more; some 100 bytes each).
    static let limit = 4_096

    /// Handler threads derive and read at once; the lock is held for a dictionary lookup or update only.
    private let tokens = Lock([String: String]())

    /// The CSRF token of the secret `secret` (``Secret/derive(from:purpose:)``, purpose `csrf`).
    func token(for secret: String) -> String {
        if let known = tokens.withLock({ $0[secret] }) { return known }
        let token = Secret.derive(from: secret, purpose: "csrf")
        tokens.withLock { tokens in
            if tokens.count >= Self.limit { tokens.removeAll(keepingCapacity: true) }
            tokens[secret] = token
        }
        return token
    }

    /// How many tokens are kept, for tests.
    var count: Int { tokens.withLock { $0.count } }
}
