import HTTPServer

/// A `multipart/form-data` request whose body is `body` with its line ends made CRLF, as a
/// browser sends them.
func makeMultipartRequest(_ body: String, contentType: String = "multipart/form-data; boundary=XyZ") throws -> HTTPRequest {
    try HTTPRequest(method: .post, target: "/", headers: HTTPHeaders([("Content-Type", contentType)]),
                    body: crlf(body), id: "test-1")
}

/// `text` with each LF made CRLF.
func crlf(_ text: String) -> [UInt8] {
    Array(text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n").utf8)
}
