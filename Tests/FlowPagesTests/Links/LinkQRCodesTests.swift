@testable import FlowPages
import HTMLTemplate
import QRCode
import Testing

/// Deep links' QR codes drawn once and kept in bounded memory: the same drawing as a fresh one.
@Suite struct LinkQRCodesTests {
    @Test func aKeptCodeIsTheOneDrawn() throws {
        let codes = LinkQRCodes()
        let link = "https://suma.example/auth/login"
        let fresh = SafeHTML(trusted: try QRCode(text: link).svg(title: "This page's link as a QR code"))
        #expect(codes.svg(of: link) == fresh)
        #expect(codes.svg(of: link) == fresh, "read again")
        #expect(codes.svg(of: link + "?x=1") != fresh)
        #expect(codes.count == 2)
    }

    @Test func aLinkTooLongForACodeHasNone() {
        #expect(LinkQRCodes().svg(of: String(repeating: "x", count: 10_000)) == nil)
    }

    @Test func pastItsLimitTheCacheStartsOver() {
        let codes = LinkQRCodes()
        for number in 0...LinkQRCodes.limit { _ = codes.svg(of: "https://a.example/\(number)") }
        #expect(codes.count == 1, "started over with the one past the limit")
    }
}
