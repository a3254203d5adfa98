import FlowStore
import Foundation
import HTTPServer

/// The endpoints behind an app's banner: the claim an installed app makes on its first launch
/// (`GET /<app>/_deferred/<code>`), the pings of its links (`POST /<app>/_app-banner/ping`,
/// which browsers send for a link's `ping` attribute as it is followed, no script needed), and
/// the preview image link previews show.
struct AppBannerRequests {
    let services: AppServices
    private var app: MountedApp { services.app }

    /// The link kept under a claim code, as JSON, once; 404 for a code that names none (unknown,
    /// claimed or expired) and 429 for an address that tried too many wrong ones.
    func claim(_ request: HTTPRequest, code: String?) throws -> HTTPResponse {
        let now = services.clock.now()
        if let wait = app.claimThrottle.wait(for: request.clientAddress, now: now) {
            throw HTTPError(.tooManyRequests, "Too many wrong codes; try again later.",
                            headers: HTTPHeaders([("Retry-After", String((wait + 999) / 1000))]))
        }
        guard let normalized = code.flatMap(DeferredLink.normalized),
              let claimed = try services.store.claimDeferredLink(app: app.app.id, code: normalized, now: now) else {
            app.claimThrottle.fail(request.clientAddress, now: now)
            throw HTTPError(.notFound, "No link is waiting under this code: it is wrong, was used, or has expired.")
        }
        if let pattern = pattern(of: claimed.link) {
            services.linkCounters.count(app: app.app.id, pattern: pattern, kinds: [AppBanner.Outcome.codeClaimed.kind])
        }
        let created = Date(timeIntervalSince1970: Double(claimed.created) / 1000).formatted(.iso8601)
        let body = try JSONSerialization.data(withJSONObject: ["link": claimed.link, "created": created], options: [.sortedKeys, .withoutEscapingSlashes])
        return HTTPResponse(.ok, headers: HTTPHeaders([("Content-Type", "application/json"), ("Cache-Control", "no-store")]), body: Array(body))
    }

    /// Counts a press of the banner's "Open in the app" or a store link: a browser's hyperlink
    /// audit (`Ping-To` names where the link went). Nothing else is done or kept; 204.
    func ping(_ request: HTTPRequest) throws -> HTTPResponse {
        guard request.headers["Ping-To"] != nil,
              let outcome = request.query("outcome").flatMap(AppBanner.Outcome.init(rawValue:)), [.openInApp, .store].contains(outcome),
              let pattern = request.query("pattern"), app.navigation.routes.contains(where: { $0.isDeepLinkable && $0.path == pattern })
        else { throw HTTPError(.badRequest, "Not a ping of this app's banner.") }
        services.linkCounters.count(app: app.app.id, pattern: pattern, kinds: [outcome.kind])
        // A person with a session (the ping carries its cookie) sees it in their event log.
        let now = services.clock.now()
        var unit = try services.openSession(request, now: now)
        if unit.isStored {
            let current = app.navigation.currentScreen(in: unit.state)
            let banner = AppBanner(app: app, store: services.store, linkCounters: services.linkCounters)
            try? unit.commit(unit.state, source: .deepLink, events: [banner.event(outcome, on: current, state: unit.state, now: now)], now: now)
        }
        return HTTPResponse(.noContent)
    }

    /// The app folder's preview image, for link previews.
    func previewImage(_ request: HTTPRequest) -> HTTPResponse {
        guard let image = app.app.previewImage else { return .text("No preview image.\n", status: .notFound) }
        return HTTPResponse(.ok, headers: HTTPHeaders([("Content-Type", image.mediaType), ("Cache-Control", "max-age=3600")]), body: image.bytes)
    }

    /// The route path a link of this app leads to, for counting.
    private func pattern(of link: String) -> String? {
        guard let target = DeepLinks.target(of: link, apps: [app.app]),
              case .screen(let instance)? = app.destination(path: Substring(target.path), query: target.query) else { return nil }
        return app.navigation.route(instance.name)?.path
    }
}
