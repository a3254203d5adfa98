import HTMLTemplate
import QRCode

/// The QR codes of deep links as the banner draws them on a desktop, each drawn once: a link's
/// code is the same on every view of its page, and encoding and drawing one cost a fallback
/// page a twentieth of its time. Bounded: past ``limit`` links the cache starts over, so the
/// memory stays small however many addresses a stranger makes up (each start-over draws the
/// real links' codes again). A link's code may carry its token or email, as the page itself
/// does; it is kept in this process's memory only.
final class LinkQRCodes: Sendable {
    /// How many links are kept (an SVG is a few kilobytes).
    static let limit = 512

    private let drawn = BoundedMemo<String, SafeHTML?>(limit: LinkQRCodes.limit)

    /// `link` as a QR code in SVG, titled for a screen reader; nil when it does not fit one.
    func svg(of link: String) -> SafeHTML? {
        drawn.value(for: link) { link in
            (try? QRCode(text: link)).map { SafeHTML(trusted: $0.svg(title: "This page's link as a QR code")) }
        }
    }

    /// How many codes are kept, for tests.
    var count: Int { drawn.count }
}
