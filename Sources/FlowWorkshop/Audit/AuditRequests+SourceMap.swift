import FlowPages
import Foundation
import HTTPServer

extension AuditRequests {
    /// Which template line wrote which bytes of the last page rendered for the request's session
    /// (its cookie), as JSON: the body's SHA-256, so a reader can tell it maps the page it has,
    /// and entries sorted by the byte where each run starts, each with its template's file
    /// relative to the views folder (`pantry/list.html`, `_layout/app.html`), its line, and the
    /// partial tags it was included through, innermost first. 404 when none is kept.
    ///
    /// ```json
    /// {"sha256": "9f2c…", "bytes": 5120, "entries": [{"offset": 0, "file": "_layout/app.html", "line": 1},
    ///   {"offset": 2210, "file": "_layout/button.html", "line": 1, "includedFrom": [{"file": "pantry/item.html", "line": 9}]}]}
    /// ```
    func sourceMap(_ request: HTTPRequest) throws -> HTTPResponse {
        guard let session = request.cookie(services.app.cookieName), let kept = services.app.sourceMaps?.map(for: session) else {
            throw HTTPError(.notFound, "No page has been shown to this session since the server started; open one, then ask for its map.")
        }
        func place(_ template: String, _ line: Int) -> [String: Any] {
            ["file": StateSources.viewsPath(of: template, app: services.app.app) ?? template, "line": line]
        }
        let entries: [[String: Any]] = kept.map.entries.map { entry in
            var written = place(entry.template, entry.line)
            written["offset"] = entry.byteOffset
            if !entry.includedFrom.isEmpty { written["includedFrom"] = entry.includedFrom.map { place($0.template, $0.line) } }
            return written
        }
        let document: [String: Any] = ["sha256": kept.bodyHash, "bytes": kept.map.byteCount, "entries": entries]
        let body = try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys])
        return HTTPResponse(.ok, headers: HTTPHeaders([("Content-Type", "application/json"), ("Cache-Control", "no-store")]), body: Array(body))
    }
}
