import Crypto
import Foundation
import HTMLTemplate
import Locking

/// The source map of the last page rendered for each session the audit opened a state in —
/// which template line wrote which bytes — kept only while the audit workspace is mounted
/// (`--prototype on`, `audit`), so the automated pass can name the template `file:line` behind
/// each finding (`GET /<app>/_audit/source-map`) while nothing is added to the markup. Only a
/// session the audit put into a state (``watch(_:)``: "Open this state", the pass's one-time
/// addresses) has its pages mapped: recording a map costs a page a tenth of its rendering, which
/// a person trying the prototype has no use for. Memory is bounded: the last ``capacity``
/// sessions watched, a page rendered or a map read for; the one used longest ago goes first.
package final class AuditSourceMaps: Sendable {
    /// A page's map with the body it maps, so a reader can tell it is the map of the page it has.
    package struct Kept: Sendable {
        /// The page's body as it was sent.
        package let body: [UInt8]
        /// Which template line wrote which bytes of the body.
        package let map: SourceMap

        /// The SHA-256 of the body, in hex: worked out when the map is read, not on every page.
        package var bodyHash: String { AuditSourceMaps.sha256(body) }
    }

    /// Sessions watched; a page's map is a few hundred entries, some tens of KB, and its body as much.
    static let capacity = 64

    private struct Recent {
        /// Each watched session's last page (none yet: watched, nothing rendered since), and when it was last used.
        var kept: [String: (kept: Kept?, used: UInt64)] = [:]
        var clock: UInt64 = 0

        mutating func use(_ session: String) -> Kept? {
            guard let found = kept[session] else { return nil }
            clock += 1
            kept[session]?.used = clock
            return found.kept
        }

        mutating func put(_ kept: Kept?, for session: String) {
            clock += 1
            self.kept[session] = (kept, clock)
            if self.kept.count > AuditSourceMaps.capacity, let oldest = self.kept.min(by: { $0.value.used < $1.value.used })?.key {
                self.kept[oldest] = nil
            }
        }
    }

    /// Handler threads keep and read maps at once; the lock is held for a dictionary update only.
    private let recent = Lock(Recent())

    /// Maps the pages of `session` from now on (its last one kept, if any, forgotten).
    package func watch(_ session: String) {
        recent.withLock { $0.put(nil, for: session) }
    }

    /// Whether pages rendered for `session` are to be mapped.
    func isWatching(_ session: String) -> Bool {
        recent.withLock { $0.kept[session] != nil }
    }

    /// Keeps `map`, the map of `body`, as `session`'s last page's, if the session is watched.
    func keep(_ map: SourceMap, of body: [UInt8], for session: String) {
        recent.withLock { recent in
            if recent.kept[session] != nil { recent.put(Kept(body: body, map: map), for: session) }
        }
    }

    /// The map of the last page rendered for `session`, if it is still kept.
    package func map(for session: String) -> Kept? {
        recent.withLock { $0.use(session) }
    }

    static func sha256(_ bytes: [UInt8]) -> String {
        SHA256.hash(data: bytes).map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
}
