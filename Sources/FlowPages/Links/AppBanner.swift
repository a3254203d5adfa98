import FlowDefinition
import FlowStore
import HTMLTemplate
import HTTPServer
import Navigation
import QRCode

/// What a deep-linkable page offers a visitor who does not have the app (seed 000 §1: "Fallback to
/// web redirect if app not installed", "Deferred deep linking"), as a link service would and
/// without script: Safari's Smart App Banner, a banner with "Open in the app" in the link form the
/// visitor's platform opens (the custom scheme; an `intent:` URL on Android), the store listings, a
/// claim code under which the link is kept for the app's first launch — given when the person asks
/// for it, so a page view keeps no link, only a count — and on a desktop the link as a QR code to
/// scan with a phone. Link previews (Open Graph, Twitter cards) say what the screen is without a
/// parameter's value, so no token or email is ever shown.
package struct AppBanner {
    let app: MountedApp
    let store: any WebStore

    /// How long a claim code can be claimed: long enough to install the app and open it.
    static let claimLifetime: Int64 = 60 * 60 * 1000
    /// Where the banner's "Get a code to continue in the app" posts, under the app's prefix.
    static let codePath = ReservedPath.bannerCode.path

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

    /// What a deep-linkable screen offers: its `appLinks` (Safari's banner, in the head), its
    /// `banner` (unless dismissed; the page's `appBanner`) and its `preview`. Nothing is written or counted here: the
    /// screen's GET counts a banner shown (`banner_shown`, in ``LinkCounters``) with its commit,
    /// and no claim code is minted — the banner shows the one the session was given for this page,
    /// or the control that asks for one.
    func values(for instance: RouteInstance, state: NavigationState, request: HTTPRequest, now: Int64) -> Offer {
        guard let route = app.navigation.route(instance.name), route.isDeepLinkable else { return .none }
        // Read once: each use of `app.app` as a whole copies it (a retain of every field).
        let definition = app.app
        // Previews and pings need absolute URLs: the origin the browser used — behind a proxy
        // that rewrites Host, the forwarded one, when it is one of the app's own. Worked out only
        // for a page that writes one (it is a tenth of this function's time).
        let needsOrigin = definition.previewImage != nil || route.parameters.isEmpty || app.showsAppBanner
        let origin = needsOrigin ? app.pageOrigin(of: request) : ""
        // A route's preview is the same for every visitor who came by the same origin: it shows
        // no parameter's value, and a screen without parameters has its one address (an instance
        // carrying anything else is not kept, so no one's query could reach another's page).
        let preview = route.parameters.isEmpty && !instance.parameters.isEmpty
            ? self.preview(route, of: definition, instance: instance, origin: origin)
            : app.previews.value(for: PreviewKey(route: route.name, origin: origin)) { _ in
                self.preview(route, of: definition, instance: instance, origin: origin)
            }
        var offer = Offer(preview: preview)
        guard app.showsAppBanner, Self.offers(definition) else { return offer }
        offer.variesByAgent = true
        let path = app.linkURLs.screen(instance)
        if let storeID = definition.appStoreID {
            let argument = DeepLinks.universalLink(definition, path: path) ?? DeepLinks.schemeLink(definition, path: path)
            offer.appLinks = AppLinks(itunes: "app-id=\(storeID)" + (argument.map { ", app-argument=\($0)" } ?? ""))
        }
        let agent = UserAgent(request.headers["User-Agent"])
        // A link preview's fetch reads the tags, and is not counted as a banner shown.
        guard !state.flags.contains(FallbackOutcome.dismissedFlag), request.method != .head, !agent.isRobot else { return offer }
        offer.banner = banner(route, of: definition, path: path, holdsToken: Self.carriesToken(instance), platform: agent.platform, origin: origin,
                              given: ClaimCode(in: state, for: path, now: now))
        return offer
    }

    private func banner(_ route: RouteDefinition, of definition: AppDefinition, path: String, holdsToken: Bool, platform: Platform, origin: String,
                        given: ClaimCode?) -> Banner {
        let pattern = URLEncoding.encode(route.path)
        let ping = { (outcome: FallbackOutcome) in origin + app.urls.prefix + ReservedPath.bannerPing.path + "?outcome=" + outcome.rawValue + "&pattern=" + pattern }
        // A desktop has no app to open: its way to the phone is the link's QR code.
        let open: String? = switch platform {
        case .android: intentLink(path)
        case .iOS: DeepLinks.schemeLink(definition, path: path)
        case .desktop: nil
        }
        var stores: [Store] = []
        if platform != .android, let url = appStoreURL {
            stores.append(Store(url: SafeURL(trusted: url), label: "Download on the App Store", ping: ping(.store)))
        }
        if platform != .iOS, let url = playStoreURL {
            stores.append(Store(url: SafeURL(trusted: url), label: "Get it on Google Play", ping: ping(.store)))
        }
        var code: (code: String, qr: SafeHTML?)?
        var getCode: String?
        if let given = given?.code {
            code = (given, (try? QRCode(text: given)).map { SafeHTML(trusted: $0.svg(title: "The code \(given) as a QR code, for the app to scan")) })
        } else if !holdsToken, (DeepLinks.schemeLink(definition, path: path) ?? DeepLinks.universalLink(definition, path: path)) != nil {
            getCode = app.urls.prefix + Self.codePath
        }
        var linkQR: SafeHTML?
        if platform == .desktop, let link = DeepLinks.universalLink(definition, path: path) ?? DeepLinks.schemeLink(definition, path: path) {
            linkQR = app.linkQRCodes.svg(of: link)
        }
        let banner = Banner(title: "Get the \(definition.title) app", open: open.map { SafeURL(trusted: $0) }, openPing: ping(.openInApp), stores: stores,
                            dismiss: app.urls.prefix + ReservedPath.bannerDismiss.path, getCode: getCode, code: code?.code, codeQR: code?.qr, linkQR: linkQR)
        return banner
    }

    /// The link pattern the banner of `state`'s current screen is counted under: its route's path.
    func pattern(of state: NavigationState) -> String {
        app.navigation.route(app.navigation.currentScreen(in: state).name)?.path ?? "(unknown)"
    }

    /// A session's `deep_link_fallback` event: the outcome, on the screen of `instance`.
    func event(_ outcome: FallbackOutcome, on instance: RouteInstance, state: NavigationState, now: Int64) -> StoredEvent {
        var event = app.event(.deepLinkFallback, state, source: .deepLink, at: now)
        event.outcome = outcome.rawValue
        event.pattern = app.navigation.route(instance.name)?.path
        return event
    }

    /// What a screen's preview depends on: its route (a screen with parameters shows none of
    /// them) and the origin its absolute URLs start with.
    struct PreviewKey: Hashable, Sendable {
        let route: RouteName
        let origin: String
    }

    /// What a link preview shows: the screen's title and description, the app's name and image;
    /// a title filled from data or parameters is the app's own, and the page's address is given
    /// only for a screen without parameters, so no value of a link is ever in its preview.
    private func preview(_ route: RouteDefinition, of definition: AppDefinition, instance: RouteInstance, origin: String) -> Preview {
        let title = AppData.hasPlaceholders(route.title) ? definition.title : route.title
        let image = definition.previewImage.map { origin + app.urls.previewImage($0) }
        return Preview(title: title, siteName: definition.title, description: definition.descriptions[route.name] ?? definition.description, image: image,
                       url: route.parameters.isEmpty ? origin + app.urls.screen(instance) : nil, card: image == nil ? "summary" : "summary_large_image")
    }
}
