import FlowStore
import HTTPServer
import Synchronization

/// What lets the automated audit pass into a server that serves the pages as shipped
/// (`--prototype audit`, which `flowpages audit` starts): the key the pass gave the server
/// (`FLOWPAGES_AUDIT_KEY`, a secret per run), asked of every request for the inventory, a source map
/// or a new address, and the one-time addresses it mints with it — each opens one state in a
/// fresh session once, so a browser the pass does not drive (Firefox under a screen reader)
/// reaches any state by its address alone.
package final class AuditPassAccess: Sendable {
    /// The shortest key the server takes: 128 bits of base64url.
    static let shortestKey = 22
    /// How long an address stays good unopened: five minutes, in milliseconds.
    static let lifetime: Int64 = 300_000
    /// The most addresses outstanding at once; past it the oldest are dropped.
    static let outstanding = 1_000

    private static let loopback = ["127.0.0.0/8", "::1"].compactMap(AddressRange.init)
    private let key: String
    // The mutex makes the addresses safe to mint and redeem from any request's thread.
    private let minted = Mutex<[String: (state: String, expires: Int64)]>([:])

    init(key: String) {
        self.key = key
    }

    /// Whether `request` is the pass's: from this machine, with the key as a bearer token.
    package func admits(_ request: HTTPRequest) -> Bool {
        guard Self.loopback.contains(where: { $0.contains(request.clientAddress) }),
              let authorization = request.headers["Authorization"], authorization.hasPrefix("Bearer ") else { return false }
        return Secret.constantTimeEqual(String(authorization.dropFirst("Bearer ".count)), key)
    }

    /// A new token for the address that opens `state` once.
    package func mint(state: String, now: Int64) -> String {
        let token = Secret.token()
        minted.withLock { minted in
            minted = minted.filter { $0.value.expires > now }
            if minted.count >= Self.outstanding, let oldest = minted.min(by: { $0.value.expires < $1.value.expires })?.key {
                minted[oldest] = nil
            }
            minted[token] = (state, now + Self.lifetime)
        }
        return token
    }

    /// The state `token` opens, spent: nil when it was never minted, opened already or expired.
    package func redeem(_ token: String, now: Int64) -> String? {
        minted.withLock { minted in
            guard let entry = minted.removeValue(forKey: token), entry.expires > now else { return nil }
            return entry.state
        }
    }
}
