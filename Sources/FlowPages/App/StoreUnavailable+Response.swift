import FlowStore
import HTTPServer

/// A store that cannot be reached answers "try again shortly" — 503 with `Retry-After` — and
/// never its details, which the log keeps.
extension StoreUnavailable: HTTPResponseError {
    public func response(for request: HTTPRequest) -> HTTPResponse {
        StandardOutput.writeLine("request \(request.id): \(request.method) \(request.path): \(self)")
        var response = HTTPResponse.text("FlowPages cannot reach its database just now; try again in a few seconds.\n", status: .serviceUnavailable)
        response.headers.add("Retry-After", "5")
        response.headers.add("Cache-Control", "no-store")
        return response
    }
}
