import HTTPServer

/// A request as a handler would receive it.
func makeRequest(
    _ method: HTTPMethod = .get, _ target: String, headers: [(String, String)] = [], body: String = ""
) throws -> HTTPRequest {
    try HTTPRequest(method: method, target: target, headers: HTTPHeaders(headers), body: Array(body.utf8), id: "test-1")
}
