import Foundation
import HTTPServer
import Testing

/// Who a request comes from: its peer, unless the peer is a trusted proxy, which names the
/// client in `X-Forwarded-For`; a client elsewhere cannot choose its address with the header.
@Suite(.serialized) struct ClientAddressTests {
    private static func router() -> Router {
        var router = Router()
        router.get("/who") { request in .text(request.clientAddress) }
        return router
    }

    /// The address the server saw for a request from `source` with these `X-Forwarded-For` fields.
    private static func who(port: Int, from source: String? = nil, forwardedFor fields: [String] = []) -> String {
        let head = "GET /who HTTP/1.1\r\nHost: t\r\nConnection: close\r\n" + fields.map { "X-Forwarded-For: \($0)\r\n" }.joined() + "\r\n"
        let answer = String(decoding: RawExchange.roundTrip(port: port, from: source, head), as: UTF8.self)
        return answer.components(separatedBy: "\r\n\r\n").last ?? ""
    }

    @Test func withoutTrustedProxiesTheHeaderIsIgnored() throws {
        try withLiveServer(router: Self.router()) { _, port in
            #expect(Self.who(port: port) == "127.0.0.1")
            #expect(Self.who(port: port, forwardedFor: ["203.0.113.7"]) == "127.0.0.1")
        }
    }

    @Test func aTrustedProxyNamesTheClientItSaw() throws {
        try withLiveServer({ $0.trustedProxies = [AddressRange("127.0.0.1")!] }, router: Self.router()) { _, port in
            #expect(Self.who(port: port, forwardedFor: ["203.0.113.7"]) == "203.0.113.7")
            // What the client sent itself stands left of what the proxy added: only the last counts.
            #expect(Self.who(port: port, forwardedFor: ["198.51.100.1, 203.0.113.7"]) == "203.0.113.7")
            #expect(Self.who(port: port, forwardedFor: ["198.51.100.1", "203.0.113.7"]) == "203.0.113.7", "several fields are one list")
            #expect(Self.who(port: port, forwardedFor: ["203.0.113.7:50123"]) == "203.0.113.7", "a port is not part of the client")
            #expect(Self.who(port: port, forwardedFor: ["[2001:db8:1:2:3::9]:443"]) == "2001:db8:1:2::/64", "an IPv6 client counts as its /64")
            #expect(Self.who(port: port) == "127.0.0.1", "no header: the proxy's own request")
            // Garbage the proxy passed on names no one: the request is counted as the proxy's.
            #expect(Self.who(port: port, forwardedFor: ["unknown"]) == "127.0.0.1")
            #expect(Self.who(port: port, forwardedFor: ["203.0.113.7, bogus"]) == "127.0.0.1")
            // From an address that is not a trusted proxy, the header is the client's own claim.
            #expect(Self.who(port: port, from: "127.0.0.2", forwardedFor: ["203.0.113.7"]) == "127.0.0.2")
        }
    }

    @Test func aChainOfTrustedProxiesIsWalkedToTheFirstClient() throws {
        let proxies = ["127.0.0.1", "10.0.0.0/8"].compactMap(AddressRange.init)
        try withLiveServer({ $0.trustedProxies = proxies }, router: Self.router()) { _, port in
            #expect(Self.who(port: port, forwardedFor: ["198.51.100.1, 203.0.113.7, 10.2.3.4, 10.9.9.9"]) == "203.0.113.7")
            #expect(Self.who(port: port, forwardedFor: ["10.2.3.4"]) == "10.2.3.4", "only proxies: the farthest one")
        }
    }
}
