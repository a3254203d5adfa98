import HTTPServer
import Testing

/// Heads over the server's limits, over a real connection: answered with the limit's status and
/// closed, however the head's bytes arrive.
@Suite(.serialized) struct RequestLimitLiveTests {
    /// Small limits, so the requests that pass them stay short.
    static func smallLimits(_ configuration: inout ServerConfiguration) {
        configuration.limits.requestLine = 256
        configuration.limits.head = 1024
    }

    /// A request over one limit, and the status that answers it.
    struct Overflow: Sendable, CustomTestStringConvertible {
        let name: String
        let request: String
        let status: Int

        var testDescription: String { name }
    }

    static let overflows = [
        // RFC 9112 §3: a request-target longer than the server parses is 414 (RFC 9110 §15.5.15).
        Overflow(name: "target over the limit", request: "GET /" + String(repeating: "a", count: 300) + " HTTP/1.1\r\nHost: t\r\n\r\n", status: 414),
        // RFC 6585 §5: header fields too large are 431; twenty of about 100 bytes are each
        // within the field limits, and together over the head's.
        Overflow(
            name: "head over the limit",
            request: "GET /hello HTTP/1.1\r\nHost: t\r\n" + (1...20).map { "X-Pad-\($0): " + String(repeating: "p", count: 90) + "\r\n" }.joined() + "\r\n",
            status: 431
        ),
    ]

    /// One write, or writes of a few hundred bytes with pauses so each arrives on its own.
    static let writeSizes = [Int.max, 300, 200]

    @Test(arguments: overflows, writeSizes)
    func aHeadOverALimitIsAnsweredAndClosed(overflow: Overflow, writeSize: Int) throws {
        try withLiveServer(Self.smallLimits) { _, port in
            let client = try TestClient(port: port)
            let bytes = Array(overflow.request.utf8)
            for start in stride(from: 0, to: bytes.count, by: min(writeSize, bytes.count)) {
                if start > 0 { usleepMilliseconds(20) }
                client.send(Array(bytes[start..<min(start + writeSize, bytes.count)]))
            }
            let response = try #require(client.readResponse())
            #expect(response.status == overflow.status)
            #expect(response.header("Connection") == "close")
            #expect(client.isClosedByServer())
        }
    }

    /// The same limits let a request within them through, so the refusals above are the limits'.
    @Test func aHeadWithinTheLimitsIsServed() throws {
        try withLiveServer(Self.smallLimits) { _, port in
            let client = try TestClient(port: port)
            client.send("GET /hello HTTP/1.1\r\nHost: t\r\nX-Pad: " + String(repeating: "p", count: 900) + "\r\n\r\n")
            #expect(client.readResponse()?.text == "hello /hello")
        }
    }
}
