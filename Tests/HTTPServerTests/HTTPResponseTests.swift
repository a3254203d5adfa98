@testable import HTTPServer
import Testing

@Suite struct HTTPResponseTests {
    func wire(_ response: HTTPResponse, method: HTTPMethod = .get, version: HTTPVersion = .http1_1, keepAlive: Bool = true) -> String {
        String(decoding: response.serialized(for: method, version: version, keepAlive: keepAlive, requestID: "r-1", date: "D"), as: UTF8.self)
    }

    @Test func headAndBodyGoOutTogether() {
        #expect(wire(.text("hi")) == "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nDate: D\r\nX-Request-Id: r-1\r\nX-Content-Type-Options: nosniff\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nhi")
    }

    @Test func headKeepsTheLengthAndDropsTheBody() {
        #expect(wire(.text("hi"), method: .head).hasSuffix("Content-Length: 2\r\nDate: D\r\nX-Request-Id: r-1\r\nX-Content-Type-Options: nosniff\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n"))
    }

    @Test func statusesWithoutBodiesHaveNoLength() {
        let text = wire(HTTPResponse(.notModified, body: Array("ignored".utf8)))
        #expect(!text.contains("Content-Length"))
        #expect(text.hasSuffix("\r\n\r\n"))
    }

    @Test func connectionFieldFollowsKeepAlive() {
        #expect(wire(.text(""), keepAlive: false).contains("Connection: close\r\n"))
        #expect(wire(.text(""), version: .http1_0).contains("Connection: keep-alive\r\n"))
        #expect(!wire(.text("")).contains("Connection:"))
    }

    @Test(arguments: [HTTPStatus.ok, .notModified, .badRequest, .notFound, .serviceUnavailable])
    func everyResponseForbidsSniffingOnce(status: HTTPStatus) {
        var response = HTTPResponse.text("<script>alert(1)</script>", status: status)
        response.headers.add("x-content-type-options", "sniff-away")
        for method in [HTTPMethod.get, .head] {
            let head = wire(response, method: method).components(separatedBy: "\r\n\r\n")[0].lowercased()
            #expect(head.components(separatedBy: "x-content-type-options:").count == 2)
            #expect(head.contains("\r\nx-content-type-options: nosniff"))
        }
    }

    @Test func handlerFieldsCannotSplitTheResponse() {
        var response = HTTPResponse.redirect(to: "/x\r\nSet-Cookie: evil=1")
        response.headers.add("Content-Length", "999")
        let text = wire(response)
        #expect(text.contains("Location: /x  Set-Cookie: evil=1\r\n"))
        #expect(!text.contains("999"))
        #expect(text.hasPrefix("HTTP/1.1 303 See Other\r\n"))
    }
}
