/// How long shared caches (nginx's `proxy_cache`, a CDN) and browsers may keep a stranger's
/// public page (DESIGN, "The web mapping"): the `Cache-Control` of every such page. Never used
/// while the prototype is on, whose pages are for one team and change as they are edited.
public struct PublicCache: Sendable, Equatable {
    /// Seconds a browser may reuse the page without asking (`max-age`).
    public var maxAge: Int
    /// Seconds a shared cache may serve it without asking (`s-maxage`).
    public var sharedMaxAge: Int
    /// Seconds past those a cache may still serve it while it fetches a fresh one in the
    /// background (`stale-while-revalidate`, RFC 5861).
    public var staleWhileRevalidate: Int

    /// The defaults of `flowpages serve`: a minute fresh everywhere, then half a minute stale
    /// while a fresh copy is fetched — an edited app folder reaches every visitor within 90 s.
    public init(maxAge: Int = 60, sharedMaxAge: Int = 60, staleWhileRevalidate: Int = 30) {
        self.maxAge = maxAge
        self.sharedMaxAge = sharedMaxAge
        self.staleWhileRevalidate = staleWhileRevalidate
    }

    /// The most seconds any of the three may be: a day.
    public static let longest = 86_400

    /// Why these durations cannot be used (one negative or over ``longest``); nil when they can.
    public var problem: String? {
        let named = [("--public-max-age", maxAge), ("--public-s-maxage", sharedMaxAge), ("--public-stale-while-revalidate", staleWhileRevalidate)]
        guard let (name, value) = named.first(where: { !(0...Self.longest).contains($0.1) }) else { return nil }
        return "\(name) takes whole seconds from 0 to \(Self.longest) (a day), not \(value)"
    }

    /// The `Cache-Control` of a public page.
    var cacheControl: String {
        "public, max-age=\(maxAge), s-maxage=\(sharedMaxAge), stale-while-revalidate=\(staleWhileRevalidate)"
    }
}
