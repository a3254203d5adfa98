import FlowDefinition
import FlowStore
import HTMLTemplate
import HTTPServer
import Navigation
import QRCode

/// What a deep-linkable page offers a visitor who does not have the app (seed 000 §1: "Fallback
/// to web redirect if app not installed", "Deferred deep linking"), as a link service would and
/// without script: Safari's Smart App Banner, a banner with "Open in the app" in the link form
/// the visitor's platform opens (the custom scheme; an `intent:` URL on Android), the store
/// listings, a claim code under which the link is kept for the app's first launch, and on a
/// desktop the link as a QR code to scan with a phone. Link previews (Open Graph, Twitter cards)
/// say what the screen is without a parameter's value, so no token or email is ever shown.
struct AppBanner {
    let app: MountedApp
    let store: any WebStore
    let linkCounters: LinkCounters

    /// The session flag set when a person dismisses the banner; FlowPages' own (apps' flags
    /// cannot start with `_`).
    static let dismissedFlag = "_app-banner-dismissed"
    /// How long a claim code can be claimed: long enough to install the app and open it.
    static let claimLifetime: Int64 = 60 * 60 * 1000

    /// The outcomes counted per link pattern, as `deep_link_fallback` analytics.
    enum Outcome: String, CaseIterable {
        case bannerShown = "banner_shown"
        case openInApp = "open_in_app"
        case store = "store"
        case codeClaimed = "code_claimed"
        case dismissed = "dismissed"

        /// The kind the link counters keep it under.
        var kind: String { "deep_link_fallback:" + rawValue }
    }

    /// Which form of a link the visitor's browser can open, read from its `User-Agent` (what a
    /// link service does; nothing is kept of it).
    enum Platform {
        case iOS, android, desktop

        init(userAgent: String?) {
            let agent = userAgent ?? ""
            if agent.contains("Android") {
                self = .android
            } else if agent.contains("iPhone") || agent.contains("iPad") || agent.contains("iPod") {
                self = .iOS
            } else {
                self = .desktop
            }
        }
    }

    /// Whether the client says it is a crawler or a link-preview fetcher (Slackbot,
    /// facebookexternalhit, WhatsApp…), which read a page's tags and never use its banner.
    static func isRobot(_ userAgent: String?) -> Bool {
        let agent = (userAgent ?? "").lowercased()
        // "Googlebot/2.1", "Slackbot-LinkExpanding", "TelegramBot (like TwitterBot)" — but not a Cubot phone.
        return ["bot/", "bot-", "bot (", "crawler", "spider", "facebookexternalhit", "whatsapp", "embedly", "preview"].contains { agent.contains($0) }
    }

    /// Whether the app names anything to offer: a store listing of its iOS or Android app.
    static func offers(_ app: AppDefinition) -> Bool {
        app.appStoreID != nil || !app.androidApps.isEmpty
    }

    /// The link the app opens for a path inside it (`/auth/login?x=1`, as its links carry it)
    /// when it claims a code: its own scheme's, else the universal link.
    func appLink(_ path: String) -> String? {
        DeepLinks.schemeLink(app.app, path: path) ?? DeepLinks.universalLink(app.app, path: path)
    }

    private var appStoreURL: String? { app.app.appStoreID.map { "https://apps.apple.com/app/id" + $0 } }
    private var playStoreURL: String? { app.app.androidApps.first.map { "https://play.google.com/store/apps/details?id=" + URLEncoding.encode($0.package) } }

    /// Android's intent URL: Chrome opens the package's app at the link, or the Play listing.
    private func intentLink(_ path: String) -> String? {
        guard let package = app.app.androidApps.first?.package else { return nil }
        let (scheme, address): (String, String)
        if let custom = app.app.schemes.first {
            (scheme, address) = (custom, path)
        } else if let host = app.app.hosts.first {
            (scheme, address) = ("https", "/" + host + path)
        } else {
            return nil
        }
        let fallback = playStoreURL.map { ";S.browser_fallback_url=" + URLEncoding.encode($0) } ?? ""
        return "intent:/" + address + "#Intent;scheme=" + scheme + ";package=" + package + fallback + ";end"
    }

    /// The template values of a deep-linkable screen: `appLinks` (Safari's banner, in the head),
    /// `appBanner` (unless dismissed; it keeps a claim code) and `preview`.
    func values(for instance: RouteInstance, state: NavigationState, request: HTTPRequest, now: Int64) -> [String: TemplateValue] {
        guard let route = app.navigation.route(instance.name), route.isDeepLinkable else { return [:] }
        // Previews and pings need absolute URLs: the origin the browser used — behind a proxy
        // that rewrites Host, the forwarded one, when it is one of the app's own.
        let forwarded = OriginPolicy.origin(of: request, forwardedHost: true)
        let ownHosts = app.app.hosts.map { $0.lowercased() }
        let isOwn = forwarded.map { origin in app.origins.publicOrigins.contains(origin) || ownHosts.contains { origin.hasSuffix("://" + $0) } } ?? false
        let origin = (isOwn ? forwarded : OriginPolicy.origin(of: request)) ?? ""
        var values = ["preview": preview(route, instance: instance, origin: origin)]
        guard app.showsAppBanner, Self.offers(app.app) else { return values }
        let path = app.linkURLs.screen(instance)
        if let storeID = app.app.appStoreID {
            let argument = DeepLinks.universalLink(app.app, path: path) ?? DeepLinks.schemeLink(app.app, path: path)
            values["appLinks"] = ["itunes": .string("app-id=\(storeID)" + (argument.map { ", app-argument=\($0)" } ?? ""))]
        }
        // A link preview's fetch reads the tags, and keeps no claim code nobody will read.
        guard !state.flags.contains(Self.dismissedFlag), request.method != .head, !Self.isRobot(request.headers["User-Agent"]) else { return values }
        values["appBanner"] = banner(route, path: path, platform: Platform(userAgent: request.headers["User-Agent"]), origin: origin, now: now)
        return values
    }

    private func banner(_ route: RouteDefinition, path: String, platform: Platform, origin: String, now: Int64) -> TemplateValue {
        let ping = { (outcome: Outcome) in origin + app.urls.prefix + "/_app-banner/ping?outcome=\(outcome.rawValue)&pattern=" + URLEncoding.encode(route.path) }
        // A desktop has no app to open: its way to the phone is the link's QR code.
        let open: String? = switch platform {
        case .android: intentLink(path)
        case .iOS: DeepLinks.schemeLink(app.app, path: path)
        case .desktop: nil
        }
        var stores: [TemplateValue] = []
        if platform != .android, let url = appStoreURL {
            stores.append(["url": .url(SafeURL(trusted: url)), "label": "Download on the App Store", "ping": .string(ping(.store))])
        }
        if platform != .iOS, let url = playStoreURL {
            stores.append(["url": .url(SafeURL(trusted: url)), "label": "Get it on Google Play", "ping": .string(ping(.store))])
        }
        var value: [String: TemplateValue] = [
            "title": .string("Get the \(app.app.title) app"),
            "open": open.map { .url(SafeURL(trusted: $0)) } ?? .null,
            "openPing": .string(ping(.openInApp)),
            "stores": .array(stores),
            "dismiss": .string(app.urls.prefix + "/_app-banner/dismiss"),
        ]
        let code = DeferredLink.newCode()
        // A store that cannot keep the code costs the page its code, not the page itself.
        if let link = appLink(path),
           (try? store.keepDeferredLink(app: app.app.id, code: DeferredLink.normalized(code) ?? code, link: link, now: now, expires: now + Self.claimLifetime)) != nil {
            value["code"] = .string(code)
            value["codeQR"] = (try? QRCode(text: code)).map { .html(SafeHTML(trusted: $0.svg(title: "The code \(code) as a QR code, for the app to scan"))) } ?? .null
        }
        if platform == .desktop, let link = DeepLinks.universalLink(app.app, path: path) ?? DeepLinks.schemeLink(app.app, path: path) {
            value["linkQR"] = (try? QRCode(text: link)).map { .html(SafeHTML(trusted: $0.svg(title: "This page's link as a QR code"))) } ?? .null
        }
        linkCounters.count(app: app.app.id, pattern: route.path, kinds: [Outcome.bannerShown.kind])
        return .record(TemplateRecord(value))
    }

    /// A session's `deep_link_fallback` event: the outcome, on the screen of `instance`.
    func event(_ outcome: Outcome, on instance: RouteInstance, state: NavigationState, now: Int64) -> StoredEvent {
        var event = app.event("deep_link_fallback", state, source: .deepLink, at: now)
        event.outcome = outcome.rawValue
        event.pattern = app.navigation.route(instance.name)?.path
        return event
    }

    /// What a link preview shows: the screen's title and description, the app's name and image;
    /// a title filled from data or parameters is the app's own, and the page's address is given
    /// only for a screen without parameters, so no value of a link is ever in its preview.
    private func preview(_ route: RouteDefinition, instance: RouteInstance, origin: String) -> TemplateValue {
        let title = AppData.hasPlaceholders(route.title) ? app.app.title : route.title
        let description = app.app.descriptions[route.name] ?? app.app.description
        let image = app.app.previewImage.map { origin + app.urls.previewImage($0) }
        return [
            "title": .string(title), "siteName": .string(app.app.title),
            "description": description.map { .string($0) } ?? .null,
            "image": image.map { .string($0) } ?? .null,
            "url": route.parameters.isEmpty ? .string(origin + app.urls.screen(instance)) : .null,
            "card": .string(image == nil ? "summary" : "summary_large_image"),
        ]
    }
}
