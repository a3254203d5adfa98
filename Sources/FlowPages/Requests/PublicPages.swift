import Crypto
import FlowDefinition
import FlowStore
import HTTPServer
import Navigation

/// A stranger's public page (DESIGN, "The web mapping"; DECISIONS, web model 2): a screen a
/// visitor without a session is shown answers the same bytes to every such visitor, so a shared
/// cache (nginx's `proxy_cache`, a CDN) may keep it and answer the crowd a shared deep link
/// brings — no cookie, no per-visitor token (its posts are guarded by Fetch Metadata and
/// `Origin`, ``OriginPolicy/check(_:)``), `Cache-Control: public` as ``PublicCache`` says, a
/// strong `ETag` and `304` to `If-None-Match`.
///
/// Everything else is a person's and stays `private, no-store`: a page of a stored session, a
/// screen whose address carries a private parameter (`<param private="true">`: a reset link's
/// token, an email), an address not written as the app writes it (another order or encoding of
/// the query is another cache key for the same page), a request whose origin is not configured
/// (`--public-origin`, `--app-host`: a page's absolute URLs never come from a `Host` a client
/// chose), a HEAD, an error page.
struct PublicPages: Sendable {
    let cache: PublicCache
    /// The patterns a view is counted under: the app's route paths and tab links.
    private let patterns: Set<String>
    /// Each set of counts' beacons, made once: the same for every stranger of a page.
    private let beaconMemo = BoundedMemo<[ScreenDecision.LinkCount], [String]>(limit: 1_024)

    /// Public pages of `app`, cached as `cache` says.
    init(cache: PublicCache, app: AppDefinition) {
        self.cache = cache
        patterns = Set(app.navigation.routes.map(\.path)).union(app.tabLinks.keys)
    }

    /// Whether the page showing `shown` to `unit`, answered `status`, is public.
    func admits(_ request: HTTPRequest, unit: SessionUnit, shown: NavigationState, status: HTTPStatus, app: MountedApp) -> Bool {
        guard request.method == .get, status == .ok, !unit.isStored else { return false }
        let screen = app.navigation.screen(in: shown)
        guard request.target == app.urls.screen(screen.route) else { return false }
        var named = [screen.route] + screen.breadcrumbs.map(\.route) + [screen.back?.destination, screen.underlying].compactMap { $0 }
        named += screen.tabBar?.items.map(\.top) ?? []
        guard !named.contains(where: { Self.carriesPrivateValue($0, app.navigation) }) else { return false }
        // The origin the page's absolute URLs are written with must be a configured one.
        return app.origins.publicOrigins.contains(app.pageOrigin(of: request))
    }

    /// The addresses a public page loads as 1×1 images to be counted on every view (``seen``), in
    /// place of what its GET would count (`counted`): a cached copy's views never reach the GET.
    /// The same for every stranger, as the page is: a route's pattern and the kinds it counts.
    func beacons(for counted: [ScreenDecision.LinkCount], app: MountedApp) -> [String] {
        counted.isEmpty ? [] : beaconMemo.value(for: counted) { Self.beacons(for: $0, prefix: app.urls.prefix) }
    }

    private static func beacons(for counted: [ScreenDecision.LinkCount], prefix: String) -> [String] {
        var kinds: [String: [String]] = [:]
        for count in counted { kinds[count.pattern, default: []] += count.kinds }
        return kinds.sorted { $0.key < $1.key }.map { pattern, kinds in
            prefix + ReservedPath.seen.path + "?pattern=" + URLEncoding.encode(pattern)
                + kinds.map { "&kind=" + URLEncoding.encode($0) }.joined()
        }
    }

    /// Counts a public page's view its beacon reports (`GET /<app>/_seen?pattern=…&kind=…`):
    /// a pattern of the app's routes or tab links and the kinds a page counts, in memory with
    /// the links' other counts, as the banner's pings are — never a write a request, whoever
    /// sends them. Answers a 1×1 transparent GIF no cache keeps; 400 to anything else.
    func seen(_ request: HTTPRequest, app: String, counters: LinkCounters) throws -> HTTPResponse {
        // Each kind once, however often a request names it.
        let kinds = Set(request.query.filter { $0.name == "kind" }.map(\.value)).sorted()
        guard let pattern = request.query("pattern"), patterns.contains(pattern), !kinds.isEmpty, kinds.allSatisfy(Self.countedKinds.contains) else {
            throw HTTPError(.badRequest, "Not a view of this app's pages.")
        }
        counters.count(app: app, pattern: pattern, kinds: kinds)
        return HTTPResponse(.ok, headers: HTTPHeaders([("Content-Type", "image/gif"), ("Cache-Control", "no-store")]), body: Self.pixel)
    }

    /// What a page's GET counts per pattern: a link's outcomes and the banner shown.
    private static let countedKinds: Set<String> = Set(EventKind.allCases.map(\.rawValue)).union(FallbackOutcome.allCases.map(\.kind))

    /// A 1×1 transparent GIF, 43 bytes.
    private static let pixel: [UInt8] = [
        0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00, 0x00, 0x00, 0x00, 0xFF, 0xFF, 0xFF, 0x21, 0xF9, 0x04, 0x01, 0x00,
        0x00, 0x00, 0x00, 0x2C, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3B,
    ]

    /// Whether `instance` holds a value of a parameter its route declares private.
    static func carriesPrivateValue(_ instance: RouteInstance, _ navigation: NavigationDefinition) -> Bool {
        guard let route = navigation.route(instance.name) else { return false }
        return route.parameters.contains { $0.isPrivate && instance.parameters[$0.name] != nil }
    }

    /// `response` (a public page's, made without a cookie) as every stranger gets it: its
    /// `Cache-Control`, its `ETag`, and `304 Not Modified` when `request` holds that tag already.
    /// A page whose app banner depends on the visitor's platform says it varies by `User-Agent`.
    func answer(_ response: HTTPResponse, to request: HTTPRequest, variesByAgent: Bool) -> HTTPResponse {
        var response = response
        let digest = SHA256.hash(data: response.body)
        let tag = "\"" + digest.prefix(16).map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined() + "\""
        var headers = [("Cache-Control", cache.cacheControl), ("ETag", tag)]
        if variesByAgent { headers.append(("Vary", "User-Agent")) }
        response.headers.remove("Cache-Control")
        for (name, value) in headers { response.headers.add(name, value) }
        guard request.matches(etag: tag) == true else { return response }
        // RFC 9110 §15.4.5: what a 200 would have said of caching, without the body.
        return HTTPResponse(.notModified, headers: HTTPHeaders(headers))
    }
}
