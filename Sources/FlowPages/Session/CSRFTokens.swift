import FlowStore

/// Sessions' CSRF tokens by the secret they derive from, derived once: a person reading page
/// after page has the same token on every form, and deriving it (an HMAC) cost a page more than
/// its cookie and its template's lookups together. Bounded: past ``limit`` secrets the cache
/// starts over.
final class CSRFTokens: Sendable {
    /// How many secrets are kept (a thousand sessions or more; some 100 bytes each).
    static let limit = 4_096

    private let tokens = BoundedMemo<String, String>(limit: CSRFTokens.limit)

    /// The CSRF token of the secret `secret` (``Secret/derive(from:purpose:)``, purpose `csrf`).
    func token(for secret: String) -> String {
        tokens.value(for: secret) { Secret.derive(from: $0, purpose: "csrf") }
    }

    /// How many tokens are kept, for tests.
    var count: Int { tokens.count }
}
