import HTTPServer

/// The origin a page of this app writes its absolute URLs with (link previews, the banner's
/// pings), and which a stranger's public page must have (``PublicPages``).
extension MountedApp {
    /// The browser's origin: behind a proxy that rewrites Host, the forwarded one when it is one
    /// of the app's own, else the request's. Worked out once per set of the headers it is read
    /// from (a tenth of a rendered page's time, for the few values they take).
    func pageOrigin(of request: HTTPRequest) -> String {
        let headers = OriginHeaders(
            host: request.headers["Host"], forwardedHost: request.headers["X-Forwarded-Host"], forwardedProto: request.headers["X-Forwarded-Proto"]
        )
        return requestOrigins.value(for: headers) { headers in
            let forwarded = headers.forwardedHost == nil ? nil : OriginPolicy.origin(of: request, forwardedHost: true)
            let isOwn = forwarded.map { origin in
                origins.publicOrigins.contains(origin) || app.hosts.contains { origin.hasSuffix("://" + $0.lowercased()) }
            } ?? false
            return (isOwn ? forwarded : OriginPolicy.origin(of: request)) ?? ""
        }
    }

    /// What a request's origin is worked out from: nothing else of it counts.
    struct OriginHeaders: Hashable, Sendable {
        let host: String?
        let forwardedHost: String?
        let forwardedProto: String?
    }
}
