import Crypto
import Foundation
import HTMLTemplate
import Locking

/// The source map of the last page rendered for each session — which template line wrote which
/// bytes — kept only while the audit workspace is mounted (`--prototype on`), so the automated
/// pass can name the template `file:line` behind each finding (`GET /<app>/_audit/source-map`)
/// while nothing is added to the markup. Memory is bounded: the maps of the last
/// ``capacity`` sessions a page was rendered or a map read for; the one used longest ago goes first.
final class AuditSourceMaps: Sendable {
    /// A page's map with the SHA-256 of the body it maps, so a reader can tell it is the map of
    /// the page it has.
    struct Kept: Sendable {
        let bodyHash: String
        let map: SourceMap
    }

    /// Sessions whose maps are kept; a page's map is a few hundred entries, some tens of KB.
    static let capacity = 64

    private struct Recent {
        var kept: [String: (kept: Kept, used: UInt64)] = [:]
        var clock: UInt64 = 0

        mutating func use(_ session: String) -> Kept? {
            guard let found = kept[session] else { return nil }
            clock += 1
            kept[session]?.used = clock
            return found.kept
        }
    }

    /// Handler threads keep and read maps at once; the lock is held for a dictionary update only.
    private let recent = Lock(Recent())

    /// Keeps `map`, the map of `body`, as `session`'s last page's.
    func keep(_ map: SourceMap, of body: [UInt8], for session: String) {
        let kept = Kept(bodyHash: Self.sha256(body), map: map)
        recent.withLock { recent in
            recent.clock += 1
            recent.kept[session] = (kept, recent.clock)
            if recent.kept.count > Self.capacity, let oldest = recent.kept.min(by: { $0.value.used < $1.value.used })?.key {
                recent.kept[oldest] = nil
            }
        }
    }

    /// The map of the last page rendered for `session`, if it is still kept.
    func map(for session: String) -> Kept? {
        recent.withLock { $0.use(session) }
    }

    static func sha256(_ bytes: [UInt8]) -> String {
        SHA256.hash(data: bytes).map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
}
