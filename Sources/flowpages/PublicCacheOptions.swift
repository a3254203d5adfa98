import ArgumentParser
import FlowPages
import Foundation

/// `serve`'s options for strangers' public pages: whether they are public, and for how long
/// shared caches and browsers may keep them (``PublicCache``).
struct PublicCacheOptions: ParsableArguments {
    private static let environment = ProcessInfo.processInfo.environment

    @Option(name: .customLong("public-pages"), help: ArgumentHelp(
        "on: a stranger's page that shows nothing personal is the same for everyone, with Cache-Control public and an ETag, so nginx or a CDN can serve it (Docs/deploy/nginx.conf); off: every page is private, no-store. Never while the prototype is on (FLOWPAGES_PUBLIC_PAGES).",
        valueName: "on|off"))
    var publicPages = Self.environment["FLOWPAGES_PUBLIC_PAGES"].flatMap(Toggle.init(argument:)) ?? .on

    @Option(name: .customLong("public-max-age"), help: ArgumentHelp(
        "Seconds a browser may reuse a public page without asking (FLOWPAGES_PUBLIC_MAX_AGE).", valueName: "seconds"))
    var maxAge = Int(environment["FLOWPAGES_PUBLIC_MAX_AGE"] ?? "") ?? PublicCache().maxAge

    @Option(name: .customLong("public-s-maxage"), help: ArgumentHelp(
        "Seconds a shared cache may serve a public page without asking (FLOWPAGES_PUBLIC_S_MAXAGE).", valueName: "seconds"))
    var sharedMaxAge = Int(environment["FLOWPAGES_PUBLIC_S_MAXAGE"] ?? "") ?? PublicCache().sharedMaxAge

    @Option(name: .customLong("public-stale-while-revalidate"), help: ArgumentHelp(
        "Seconds past those a cache may still serve a public page while it fetches a fresh one (FLOWPAGES_PUBLIC_STALE_WHILE_REVALIDATE).",
        valueName: "seconds"))
    var staleWhileRevalidate = Int(environment["FLOWPAGES_PUBLIC_STALE_WHILE_REVALIDATE"] ?? "") ?? PublicCache().staleWhileRevalidate

    /// The cache the options describe; nil with `--public-pages off`.
    var cache: PublicCache? {
        publicPages == .off ? nil : PublicCache(maxAge: maxAge, sharedMaxAge: sharedMaxAge, staleWhileRevalidate: staleWhileRevalidate)
    }

    func validate() throws {
        for name in ["FLOWPAGES_PUBLIC_MAX_AGE", "FLOWPAGES_PUBLIC_S_MAXAGE", "FLOWPAGES_PUBLIC_STALE_WHILE_REVALIDATE"] {
            if let value = Self.environment[name], Int(value) == nil { throw ValidationError("\(name) must be a whole number of seconds, not '\(value)'.") }
        }
        if let value = Self.environment["FLOWPAGES_PUBLIC_PAGES"], Toggle(argument: value) == nil || value == "auto" {
            throw ValidationError("FLOWPAGES_PUBLIC_PAGES is on or off, not '\(value)'.")
        }
        if publicPages == .auto { throw ValidationError("--public-pages is on or off, not auto.") }
        if let problem = PublicCache(maxAge: maxAge, sharedMaxAge: sharedMaxAge, staleWhileRevalidate: staleWhileRevalidate).problem {
            throw ValidationError(problem + ".")
        }
    }
}
