import FlowPages
import HTTPServer

/// The automated pass's screenshots kept with an audit — each state light and dark, as the pass
/// saw it — so a state's review page shows them beside its criteria (`/_audit/reviews/{id}/screenshots`).
struct ReviewScreenshots {
    let requests: ReviewRequests
    private var services: AppServices { requests.services }
    private var app: MountedApp { services.app }

    /// The colour schemes a state is shot in.
    static let schemes = ["light", "dark"]
    /// The largest screenshot kept, in bytes; the request's own limit (1 MiB) holds two.
    static let largest = 512 * 1024

    /// Keeps the screenshots a post sends of one state (`state`, files `light` and `dark`, PNG),
    /// each in place of the one before; 422 for a state the app does not have or a file that is
    /// no PNG, 413 for one over ``largest``.
    func keep(_ request: HTTPRequest) throws -> HTTPResponse {
        try PostSpine(services: services).handle(request) { post in try keeping(post.form, now: post.now, request) }
    }

    private func keeping(_ form: [String: String], now: Int64, _ request: HTTPRequest) throws -> PostAnswer {
        let review = try requests.review(request)
        guard let state = form["state"], try AuditInventory.of(services).state(state) != nil else {
            throw HTTPError(.unprocessableContent, "\(app.app.title) has no state '\(form["state"] ?? "")'; the inventory lists them.")
        }
        let parts = try request.multipartParts()
        var shots: [(scheme: String, png: [UInt8])] = []
        for scheme in Self.schemes {
            guard let part = parts.first(where: { $0.name == scheme }), !part.body.isEmpty else { continue }
            guard part.body.starts(with: Self.signature) else {
                throw HTTPError(.unprocessableContent, "The \(scheme) screenshot is not a PNG image.")
            }
            guard part.body.count <= Self.largest else {
                throw HTTPError(.contentTooLarge, "The \(scheme) screenshot is larger than \(Self.largest / 1024) KiB.")
            }
            shots.append((scheme, part.body))
        }
        guard !shots.isEmpty else { throw HTTPError(.unprocessableContent, "Send a light or a dark screenshot (PNG) of the state.") }
        return .write { [shots] transaction in
            for shot in shots { try transaction.reviews.keep(screenshot: shot.png, of: state, scheme: shot.scheme, in: review.id, now: now) }
            return HTTPResponse(.noContent)
        }
    }

    /// The screenshot of `state` in `scheme` the query names, as PNG; 404 when none is kept.
    func show(_ request: HTTPRequest) throws -> HTTPResponse {
        let review = try requests.review(request)
        let (state, scheme) = (request.query("state") ?? "", request.query("scheme") ?? "")
        guard let png = try services.store.read({ try $0.reviews.screenshot(review: review.id, state: state, scheme: scheme) }) else {
            throw HTTPError(.notFound, "The audit keeps no \(scheme) screenshot of '\(state)'.")
        }
        return HTTPResponse(.ok, headers: HTTPHeaders([("Content-Type", "image/png"), ("Cache-Control", "no-store")]), body: png)
    }

    /// The address of the screenshot of `state` in `scheme` of audit `review`.
    func url(review: Int64, state: String, scheme: String) -> String {
        requests.url(review, .auditScreenshots) + "?state=" + ReviewRequests.encoded(state) + "&scheme=" + scheme
    }

    /// The first bytes of every PNG file.
    private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
}
