@testable import HTTPServer
import Testing

@Suite struct RequestParserTests {
    @Test func aSimpleGet() throws {
        let requests = parseBothWays("GET /a?b=c HTTP/1.1\r\nHost: example.com\r\nAccept: */*\r\n\r\n").requests
        let request = try #require(requests.first)
        #expect(requests.count == 1)
        #expect(request.method == .get)
        #expect(request.target == "/a?b=c")
        #expect(request.version == .http1_1)
        #expect(request.headers["host"] == "example.com")
        #expect(request.headers.count == 2)
        #expect(request.keepAlive)
        #expect(request.body.isEmpty)
    }

    @Test(arguments: [
        ("GET / HTTP/1.1\r\nHost: a\r\n\r\n", true),
        ("GET / HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n", false),
        ("GET / HTTP/1.1\r\nHost: a\r\nConnection: Keep-Alive, Close\r\n\r\n", false),
        ("GET / HTTP/1.0\r\n\r\n", false),
        ("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n", true),
    ])
    func keepAliveFollowsVersionAndConnection(text: String, keepAlive: Bool) {
        #expect(parseBothWays(text).requests.map(\.keepAlive) == [keepAlive])
    }

    @Test(arguments: [
        ("POST /f HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\nhello", "hello"),
        ("POST /f HTTP/1.1\r\nHost: a\r\nContent-Length: 5, 5\r\n\r\nhello", "hello"),
        ("POST /f HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\n\r\n", ""),
        ("POST /f HTTP/1.1\r\nHost: a\r\nContent-Length: 005\r\n\r\nhello", "hello"),
        ("POST /f HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n", "hello world"),
        ("POST /f HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: Chunked\r\n\r\nA;name=value\r\n0123456789\r\n0\r\nX-Trailer: ignored\r\n\r\n", "0123456789"),
        ("POST /f HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", ""),
    ])
    func bodiesAreFramedByLengthOrChunks(text: String, body: String) {
        #expect(parseBothWays(text).requests.map { String(decoding: $0.body, as: UTF8.self) } == [body])
    }

    @Test func pipelinedRequestsComeOutInOrder() {
        let text = "GET /1 HTTP/1.1\r\nHost: a\r\n\r\nPOST /2 HTTP/1.1\r\nHost: a\r\nContent-Length: 2\r\n\r\nhiGET /3 HTTP/1.1\r\nHost: a\r\n\r\n"
        #expect(parseBothWays(text).requests.map(\.target) == ["/1", "/2", "/3"])
    }

    @Test func expectContinueComesBeforeTheBody() {
        let text = "PUT /f HTTP/1.1\r\nHost: a\r\nExpect: 100-Continue\r\nContent-Length: 2\r\n\r\nhi"
        guard case .success(let outputs) = parseBothWays(text) else {
            Issue.record("parse failed")
            return
        }
        #expect(outputs.first == .expectContinue)
        #expect(outputs.count == 2)
        #expect(parseBothWays("GET / HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\n\r\n").requests.count == 1)
    }

    @Test(arguments: [
        ("\r\n\r\nGET / HTTP/1.1\r\nHost: a\r\n\r\n", "/"),
        ("GET http://example.com/x?y=1 HTTP/1.1\r\nHost: example.com\r\n\r\n", "/x?y=1"),
        ("GET HTTPS://example.com HTTP/1.1\r\nHost: example.com\r\n\r\n", "/"),
        ("OPTIONS * HTTP/1.1\r\nHost: a\r\n\r\n", "*"),
        ("GET / HTTP/1.1\r\nHost: [::1]:8080\r\n\r\n", "/"),
        ("GET / HTTP/1.1\r\nHost: a\r\nX-Value:   spaced value \t\r\n\r\n", "/"),
    ])
    func acceptedForms(text: String, target: String) {
        #expect(parseBothWays(text).requests.map(\.target) == [target])
    }

    @Test(arguments: ["a", "example.com", "Example.COM.", "xn--caf-dma.example:8080", "192.0.2.1", "192.0.2.1:80", "[::1]", "[2001:db8::1]:8443", "[::ffff:192.0.2.1]"])
    func hostsThatAreANameOrAnAddressAreAccepted(host: String) {
        #expect(parseBothWays("GET / HTTP/1.1\r\nHost: \(host)\r\n\r\n").requests.first?.headers["Host"] == host)
    }

    /// RFC 9112 §3.2.2: with an absolute-form target, the request's host is the target's
    /// authority; the Host field is not what handlers read.
    @Test(arguments: [
        ("GET http://example.com/x?y=1 HTTP/1.1\r\nHost: other.example\r\n\r\n", "example.com", "/x?y=1"),
        ("GET https://Example.com:8443?q HTTP/1.1\r\nHost: localhost\r\n\r\n", "Example.com:8443", "/?q"),
        ("GET http://[::1]:8080 HTTP/1.0\r\n\r\n", "[::1]:8080", "/"),
    ])
    func anAbsoluteFormTargetsAuthorityIsTheHost(text: String, host: String, target: String) {
        let request = parseBothWays(text).requests.first
        #expect(request?.headers.values("Host") == [host])
        #expect(request?.target == target)
    }

    @Test func fieldValuesAreTrimmedAndKeepObsText() {
        let request = parseBothWays("GET / HTTP/1.1\r\nHost: a\r\nX-Value:   spaced value \t\r\nX-Latin: caf\u{E9}\r\n\r\n").requests.first
        #expect(request?.headers["x-value"] == "spaced value")
        #expect(request?.headers["X-Latin"] == "café")
    }

    @Test func incompleteRequestsWaitForMore() {
        for text in ["GET / HTTP/1.1\r\nHost: a\r\n\r", "GET", "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\nhel",
                     "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n"] {
            #expect(parseBothWays(text) == .success([]))
        }
    }

    /// Requests that must be refused, with the status. Cases follow llhttp's request test corpus
    /// and the Http11Probe list (line endings, request line, header syntax, Host,
    /// Content-Length, smuggling, malformed input).
    static let refused: [(String, String, Int)] = [
        // Host (RFC 9112 §3.2)
        ("missing Host", "GET / HTTP/1.1\r\n\r\n", 400),
        ("duplicate Host", "GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400),
        ("duplicate identical Host", "GET / HTTP/1.1\r\nHost: a\r\nHost: a\r\n\r\n", 400),
        ("Host with a space", "GET / HTTP/1.1\r\nHost: a b\r\n\r\n", 400),
        ("Host with a slash", "GET / HTTP/1.1\r\nHost: a/b\r\n\r\n", 400),
        ("Host with userinfo", "GET / HTTP/1.1\r\nHost: user@a\r\n\r\n", 400),
        ("Host with a name after an IPv6 literal", "GET / HTTP/1.1\r\nHost: [::1].evil.example\r\n\r\n", 400),
        ("Host with junk after the port", "GET / HTTP/1.1\r\nHost: [::1]:80x\r\n\r\n", 400),
        ("Host with empty brackets", "GET / HTTP/1.1\r\nHost: []\r\n\r\n", 400),
        ("Host with a name in brackets", "GET / HTTP/1.1\r\nHost: [evil.example]\r\n\r\n", 400),
        ("Host with an IPv4 address in brackets", "GET / HTTP/1.1\r\nHost: [127.0.0.1]\r\n\r\n", 400),
        ("Host with an unclosed bracket", "GET / HTTP/1.1\r\nHost: [::1\r\n\r\n", 400),
        ("Host with a port and no name", "GET / HTTP/1.1\r\nHost: :8080\r\n\r\n", 400),
        ("Host with a port that is not digits", "GET / HTTP/1.1\r\nHost: a:80a\r\n\r\n", 400),
        ("Host with two ports", "GET / HTTP/1.1\r\nHost: a:80:80\r\n\r\n", 400),
        ("Host with an escape", "GET / HTTP/1.1\r\nHost: a%2eb\r\n\r\n", 400),
        ("Host with sub-delims", "GET / HTTP/1.1\r\nHost: a!$&'()*+,;=b\r\n\r\n", 400),
        ("absolute-form with userinfo", "GET http://user@a/ HTTP/1.1\r\nHost: a\r\n\r\n", 400),
        ("absolute-form without a host", "GET http:///x HTTP/1.1\r\nHost: a\r\n\r\n", 400),
        ("absolute-form with a name after an IPv6 literal", "GET http://[::1].evil.example/ HTTP/1.1\r\nHost: [::1]\r\n\r\n", 400),
        // Line endings (RFC 9112 §2.2)
        ("bare LF line endings", "GET / HTTP/1.1\nHost: a\n\n", 400),
        ("bare LF after a field", "GET / HTTP/1.1\r\nHost: a\nX: b\r\n\r\n", 400),
        ("bare CR line ending", "GET / HTTP/1.1\rHost: a\r\n\r\n", 400),
        ("bare CR inside a value", "GET / HTTP/1.1\r\nHost: a\r\nX: a\rb\r\n\r\n", 400),
        ("bare LF ending the head", "GET / HTTP/1.1\r\nHost: a\r\n\n", 400),
        // Request line (RFC 9112 §3)
        ("two spaces after the method", "GET  / HTTP/1.1\r\nHost: a\r\n\r\n", 400),
        ("trailing space", "GET / HTTP/1.1 \r\nHost: a\r\n\r\n", 400),
        ("tab as separator", "GET\t/ HTTP/1.1\r\nHost: a\r\n\r\n", 400),
        ("missing target", "GET HTTP/1.1\r\nHost: a\r\n\r\n", 400),
        ("leading space", " GET / HTTP/1.1\r\nHost: a\r\n\r\n", 400),
        ("HTTP/0.9 style", "GET /\r\n\r\n", 400),
        ("lowercase version", "GET / http/1.1\r\nHost: a\r\n\r\n", 400),
        ("version without minor", "GET / HTTP/1\r\nHost: a\r\n\r\n", 400),
        ("version with three parts", "GET / HTTP/1.1.1\r\nHost: a\r\n\r\n", 400),
        ("version with two-digit major", "GET / HTTP/01.1\r\nHost: a\r\n\r\n", 400),
        ("method with a bracket", "GE(T / HTTP/1.1\r\nHost: a\r\n\r\n", 400),
        ("non-ASCII in the target", "GET /caf\u{E9} HTTP/1.1\r\nHost: a\r\n\r\n", 400),
        ("fragment in the target", "GET /a#b HTTP/1.1\r\nHost: a\r\n\r\n", 400),
        ("relative target", "GET index.html HTTP/1.1\r\nHost: a\r\n\r\n", 400),
        ("asterisk with GET", "GET * HTTP/1.1\r\nHost: a\r\n\r\n", 400),
        ("NUL in the target", "GET /\u{0} HTTP/1.1\r\nHost: a\r\n\r\n", 400),
        ("binary garbage", "\u{16}\u{3}\u{1}\u{0}\u{a5}\u{1}\u{0}\u{0}", 400),
        // Header syntax (RFC 9112 §5, RFC 9110 §5.5)
        ("obs-fold", "GET / HTTP/1.1\r\nHost: a\r\nX: a\r\n b\r\n\r\n", 400),
        ("obs-fold with a tab", "GET / HTTP/1.1\r\nHost: a\r\nX: a\r\n\tb\r\n\r\n", 400),
        ("space before the colon", "GET / HTTP/1.1\r\nHost : a\r\n\r\n", 400),
        ("tab before the colon", "GET / HTTP/1.1\r\nHost\t: a\r\n\r\n", 400),
        ("empty field name", "GET / HTTP/1.1\r\nHost: a\r\n: x\r\n\r\n", 400),
        ("field without colon", "GET / HTTP/1.1\r\nHost: a\r\nJunk\r\n\r\n", 400),
        ("non-token field name", "GET / HTTP/1.1\r\nHost: a\r\nX@Y: 1\r\n\r\n", 400),
        ("NUL in a value", "GET / HTTP/1.1\r\nHost: a\r\nX: a\u{0}b\r\n\r\n", 400),
        ("control character in a value", "GET / HTTP/1.1\r\nHost: a\r\nX: a\u{1}b\r\n\r\n", 400),
        ("DEL in a value", "GET / HTTP/1.1\r\nHost: a\r\nX: a\u{7F}b\r\n\r\n", 400),
        ("vertical tab in a value", "GET / HTTP/1.1\r\nHost: a\r\nX: a\u{B}b\r\n\r\n", 400),
        // Content-Length (RFC 9110 §8.6, RFC 9112 §6.3)
        ("non-numeric Content-Length", "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: abc\r\n\r\n", 400),
        ("Content-Length with a plus", "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: +5\r\n\r\nhello", 400),
        ("negative Content-Length", "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: -1\r\n\r\n", 400),
        ("hex Content-Length", "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 0x5\r\n\r\nhello", 400),
        ("Content-Length with inner space", "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 5 5\r\n\r\nhello", 400),
        ("empty Content-Length", "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: \r\n\r\n", 400),
        ("overflowing Content-Length", "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 99999999999999999999999\r\n\r\n", 400),
        ("differing Content-Length list", "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 5, 6\r\n\r\nhello", 400),
        ("differing Content-Length fields", "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello", 400),
        ("Content-Length list with an empty element", "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 5,\r\n\r\nhello", 400),
        // Smuggling (RFC 9112 §6.1, §6.3, §7.1)
        ("CL.TE", "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 6\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\nG", 400),
        ("TE.CL", "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n8\r\nSMUGGLED\r\n0\r\n\r\n", 400),
        ("TE with space before the colon", "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding : chunked\r\n\r\n0\r\n\r\n", 400),
        ("CL with space before the colon", "POST / HTTP/1.1\r\nHost: a\r\nContent-Length : 5\r\n\r\nhello", 400),
        ("TE obs-folded", "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding:\r\n chunked\r\n\r\n0\r\n\r\n", 400),
        ("chunked twice", "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked, chunked\r\n\r\n0\r\n\r\n", 400),
        ("two TE fields", "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400),
        ("TE in HTTP/1.0", "POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400),
        ("empty TE", "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: \r\n\r\n", 400),
        ("chunk size not hex", "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\nG\r\n\r\n", 400),
        ("chunk size with garbage", "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5x\r\nhello\r\n0\r\n\r\n", 400),
        ("negative chunk size", "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n-5\r\nhello\r\n0\r\n\r\n", 400),
        ("chunk size with leading space", "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n 5\r\nhello\r\n0\r\n\r\n", 400),
        ("chunk size with trailing space", "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5 \r\nhello\r\n0\r\n\r\n", 400),
        ("0x chunk size", "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n0x5\r\nhello\r\n0\r\n\r\n", 400),
        ("overflowing chunk size", "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\nFFFFFFFFFFFFFFFFFF\r\n", 400),
        ("chunk without its CRLF", "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhelloXX0\r\n\r\n", 400),
        ("chunk size ending in a bare LF", "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5\nhello\r\n0\r\n\r\n", 400),
        ("chunk data ending in a bare LF", "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\n0\r\n\r\n", 400),
        ("control character in a chunk extension", "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5;a=\u{1}\r\nhello\r\n0\r\n\r\n", 400),
        ("obs-fold in a trailer", "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n0\r\nX: a\r\n b\r\n\r\n", 400),
        ("trailer without colon", "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n0\r\nJunk\r\n\r\n", 400),
        // Unsupported (RFC 9110 §15.5.18, §15.6.2, §15.6.6)
        ("unknown expectation", "GET / HTTP/1.1\r\nHost: a\r\nExpect: 200-ok\r\n\r\n", 417),
        ("gzip transfer coding", "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n", 501),
        ("identity transfer coding", "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: identity\r\n\r\n", 501),
        ("obfuscated transfer coding", "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: xchunked\r\n\r\n0\r\n\r\n", 501),
        ("HTTP/2.0 in the request line", "GET / HTTP/2.0\r\nHost: a\r\n\r\n", 505),
        ("HTTP/1.2", "GET / HTTP/1.2\r\nHost: a\r\n\r\n", 505),
        ("HTTP/3.0", "GET / HTTP/3.0\r\nHost: a\r\n\r\n", 505),
    ]

    @Test(arguments: refused)
    func refusedRequests(name: String, text: String, status: Int) {
        let result = parseBothWays(text)
        #expect(result.error?.status.code == status, "\(name): got \(result)")
    }

    @Test func aRefusedParserStaysRefused() {
        var parser = RequestParser()
        parser.append(Array("GET / HTTP/1.1\r\n\r\nGET / HTTP/1.1\r\nHost: a\r\n\r\n".utf8))
        #expect(throws: RequestParseError.self) { try parser.next() }
        #expect(throws: RequestParseError.self) { try parser.next() }
    }

    // MARK: limits

    @Test func limitsHaveTheirAnswers() {
        var small = RequestLimits()
        small.requestLine = 64
        small.fieldLine = 64
        small.head = 256
        small.fieldCount = 4
        small.body = 16
        let longTarget = "GET /" + String(repeating: "a", count: 64) + " HTTP/1.1\r\nHost: a\r\n\r\n"
        #expect(parseBothWays(longTarget, limits: small).error?.status == .uriTooLong)
        // A long request line is refused before its end arrives.
        #expect(parse(Array(longTarget.utf8.prefix(70)), limits: small).error?.status == .uriTooLong)
        let longField = "GET / HTTP/1.1\r\nHost: a\r\nX: " + String(repeating: "b", count: 64) + "\r\n\r\n"
        #expect(parseBothWays(longField, limits: small).error?.status == .requestHeaderFieldsTooLarge)
        let manyFields = "GET / HTTP/1.1\r\nHost: a\r\n" + (1...4).map { "X\($0): y\r\n" }.joined() + "\r\n"
        #expect(parseBothWays(manyFields, limits: small).error?.status == .requestHeaderFieldsTooLarge)
        let bigHead = "GET / HTTP/1.1\r\nHost: a\r\n" + String(repeating: "X: " + String(repeating: "y", count: 50) + "\r\n", count: 3)
        #expect(parse(Array(bigHead.utf8) + Array(repeating: UInt8(ascii: "z"), count: 100), limits: small).error?.status == .requestHeaderFieldsTooLarge)
        // A complete head over the limit, in one write or byte by byte, within the field limits.
        let completeBigHead = "GET / HTTP/1.1\r\nHost: a\r\n" + String(repeating: "X: " + String(repeating: "y", count: 50) + "\r\n", count: 5) + "\r\n"
        var roomyFields = small
        roomyFields.fieldCount = 10
        #expect(parseBothWays(completeBigHead, limits: roomyFields).error?.status == .requestHeaderFieldsTooLarge)
        let declaredBody = "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 17\r\n\r\n"
        #expect(parseBothWays(declaredBody, limits: small).error?.status == .contentTooLarge)
        let chunkedBody = "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n10\r\n0123456789abcdef\r\n1\r\nx\r\n0\r\n\r\n"
        #expect(parseBothWays(chunkedBody, limits: small).error?.status == .contentTooLarge)
    }

    /// The issue's case: a 40 KB head sent in one write was answered 200.
    @Test func aHeadOverTheDefaultLimitInOneWriteIsRefused() {
        let fields = (1...40).map { "X-Pad-\($0): " + String(repeating: "p", count: 1000) + "\r\n" }.joined()
        let head = "GET / HTTP/1.1\r\nHost: a\r\n" + fields + "\r\n"
        #expect(parseBothWays(head).error?.status == .requestHeaderFieldsTooLarge)
    }

    // MARK: cost

    /// A head of `length` bytes, over the default 32 KB limit, after `requestLine`: short fields
    /// that each end a line, the case where rescanning the request line at every line end cost
    /// its length times the number of lines.
    private static func overflowingHead(_ requestLine: String, length: Int = 33 * 1024) -> [UInt8] {
        var head = Array((requestLine + "\r\nHost: a\r\n").utf8)
        while head.count < length { head += "X:\r\n".utf8 }
        return Array(head.prefix(length))
    }

    private static let longTarget = "GET /" + String(repeating: "a", count: 8170) + " HTTP/1.1"
    private static let longMethod = String(repeating: "A", count: 8000) + " / HTTP/1.1"

    /// Feeds `bytes` in pieces of `piece` bytes and returns the status that refused them.
    private static func refusal(of bytes: [UInt8], piece: Int, limits: RequestLimits = RequestLimits()) -> Int? {
        var parser = RequestParser(limits: limits)
        var offset = 0
        do {
            while offset < bytes.count {
                parser.append(bytes[offset..<min(offset + piece, bytes.count)])
                offset += piece
                while try parser.next() != nil {}
            }
        } catch {
            return error.status.code
        }
        return nil
    }

    /// Scanning a head costs its length, whatever its request line: CPU time is compared with
    /// that of a head as long with a short request line, never measured against a clock.
    @Test(arguments: [33 * 1024, 1024])
    func headScanningCostsTheHeadsLengthWhateverTheRequestLine(piece: Int) {
        let plain = Self.overflowingHead("GET / HTTP/1.1")
        #expect(Self.refusal(of: plain, piece: piece) == 431)
        let plainTime = leastThreadCPUTime { _ = Self.refusal(of: plain, piece: piece) }
        for requestLine in [Self.longTarget, Self.longMethod] {
            let head = Self.overflowingHead(requestLine)
            #expect(Self.refusal(of: head, piece: piece) == 431)
            let time = leastThreadCPUTime { _ = Self.refusal(of: head, piece: piece) }
            #expect(time < 4 * plainTime, "\(time)s against \(plainTime)s for \(requestLine.prefix(8))…")
        }
    }

    /// A head arriving a byte at a time costs the same per byte at 33 KB as at 4 KB: no call
    /// rescans what earlier calls already looked at.
    @Test func headScanningByteByByteCostsTheSamePerByteAtAnyLength() {
        var small = RequestLimits()
        small.head = 4096
        let short = Self.overflowingHead("GET / HTTP/1.1", length: 4200)
        #expect(Self.refusal(of: short, piece: 1, limits: small) == 431)
        let perByte = leastThreadCPUTime { _ = Self.refusal(of: short, piece: 1, limits: small) } / 4200
        for requestLine in ["GET / HTTP/1.1", Self.longTarget, Self.longMethod] {
            let head = Self.overflowingHead(requestLine)
            #expect(Self.refusal(of: head, piece: 1) == 431)
            let time = leastThreadCPUTime { _ = Self.refusal(of: head, piece: 1) } / Double(head.count)
            #expect(time < 4 * perByte, "\(time)s a byte against \(perByte)s for \(requestLine.prefix(8))…")
        }
    }

    @Test func defaultLimits() {
        let limits = RequestLimits()
        #expect(limits.requestLine == 8192 && limits.fieldLine == 8192 && limits.head == 32768)
        #expect(limits.fieldCount == 100 && limits.body == 1_048_576)
        let atLimit = "GET /" + String(repeating: "a", count: 8192 - 15) + " HTTP/1.1\r\nHost: a\r\n\r\n"
        #expect(parseBothWays(atLimit).requests.count == 1)
    }
}
