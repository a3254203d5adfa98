import FlowStore
import Foundation
import HTTPServer
import Navigation

/// The endpoints behind an app's banner: the person asking for a claim code (`POST
/// /<app>/_app-banner/code`), the claim an installed app makes with it on its first launch
/// (`GET /<app>/_deferred/<code>`), the pings of its links (`POST /<app>/_app-banner/ping`,
/// which browsers send for a link's `ping` attribute as it is followed, no script needed), and
/// the preview image link previews show.
struct AppBannerRequests {
    let services: AppServices
    private var app: MountedApp { services.app }

    /// Gives the person a claim code for the page they asked on (the banner's "Get a code to
    /// continue in the app"): a checked post like every other, which keeps the page's link under
    /// one code — the session's own while it is live, so asking again mints none — and answers
    /// 303 to the page, where the code stays until it expires. A visitor's first post stores
    /// their session, as any post does; a page that shows no banner asks for nothing and is
    /// told it was out of date.
    func giveCode(_ request: HTTPRequest) throws -> HTTPResponse {
        let banner = AppBanner(app: app, store: services.store)
        return try PostSpine(services: services).handle(request) { post in
            let now = post.now
            guard !post.isOutOfDate,
                  let shown = app.reconciled(post.unit.state, posted: post.form["screen"], isStored: post.unit.isStored),
                  !shown.flags.contains(FallbackOutcome.dismissedFlag),
                  let route = app.navigation.route(app.navigation.currentScreen(in: shown).name), route.isDeepLinkable else {
                return .outOfDate
            }
            let current = app.navigation.currentScreen(in: shown)
            let path = app.linkURLs.screen(current)
            func giving(_ given: AppBanner.ClaimCode) -> PostAnswer.Saved {
                var state = given.kept(in: shown)
                // Said once in the page's status region, so a screen reader hears what changed.
                state.addToast(Notice(ServerNotice.message, values: ["message": "Your code for the app is \(given.code)."]))
                return (state, [banner.event(.codeGiven, on: current, state: state, now: now)], .direct)
            }
            if let live = AppBanner.ClaimCode(in: shown, for: path, now: now) {
                let (state, events, _) = giving(live)
                return .move(state, events: events)
            }
            // An app with no link to give (neither a scheme nor a host) offers no code either.
            guard let new = banner.newClaimCode(for: current, now: now) else { return .outOfDate }
            // Kept with the session's save: another tab saving first takes it back, and the post runs again.
            return .finishing(.work { transaction in
                try new.keep(transaction)
                return giving(new.code)
            }) { _, response in
                services.linkCounters.count(app: app.app.id, pattern: route.path, kinds: [FallbackOutcome.codeGiven.kind])
                return response
            }
        }
    }

    /// The link kept under a claim code, as JSON, once; 404 for a code that names none (unknown,
    /// claimed or expired) and 429 for an address that tried too many (``AttemptLimit/claimPerAddress``).
    func claim(_ request: HTTPRequest, code: String?) throws -> HTTPResponse {
        let now = services.clock.now()
        // Counted in the database before it is checked: every instance sees one count per
        // address, a restart forgets none, and guesses sent together are counted together.
        do {
            try services.store.countAttempt([AttemptKey(.claimPerAddress, app: app.app.id, request.clientAddress)], now: now)
        } catch let tooSoon as TooManyAttempts {
            throw HTTPError(.tooManyRequests, "Too many codes tried; try again \(tooSoon.whenText).",
                            headers: HTTPHeaders([("Retry-After", tooSoon.retryAfter)]))
        }
        guard let normalized = code.flatMap(DeferredLink.normalized),
              let claimed = try services.store.transaction({ try $0.deferredLinks.claim(app: app.app.id, code: normalized, now: now) }) else {
            throw HTTPError(.notFound, "No link is waiting under this code: it is wrong, was used, or has expired.")
        }
        if let pattern = pattern(of: claimed.link) {
            services.linkCounters.count(app: app.app.id, pattern: pattern, kinds: [FallbackOutcome.codeClaimed.kind])
        }
        let created = Date(timeIntervalSince1970: Double(claimed.created) / 1000).formatted(.iso8601)
        let body = try JSONSerialization.data(withJSONObject: ["link": claimed.link, "created": created], options: [.sortedKeys, .withoutEscapingSlashes])
        return HTTPResponse(.ok, headers: HTTPHeaders([("Content-Type", "application/json"), ("Cache-Control", "no-store")]), body: Array(body))
    }

    /// Counts a press of the banner's "Open in the app" or a store link: a browser's hyperlink
    /// audit (`Ping-To` names where the link went). Counted in memory with the link's other
    /// counts and written with them every few seconds — never a write a ping, whoever sends them
    /// and however often; nothing else is done or kept; 204.
    func ping(_ request: HTTPRequest) throws -> HTTPResponse {
        guard request.headers["Ping-To"] != nil,
              let outcome = request.query("outcome").flatMap(FallbackOutcome.init(rawValue:)), [.openInApp, .store].contains(outcome),
              let pattern = request.query("pattern"), app.navigation.routes.contains(where: { $0.isDeepLinkable && $0.path == pattern })
        else { throw HTTPError(.badRequest, "Not a ping of this app's banner.") }
        services.linkCounters.count(app: app.app.id, pattern: pattern, kinds: [outcome.kind])
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
