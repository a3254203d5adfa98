import FlowDefinition
import Foundation
import HTTPServer
import Navigation

/// Deep links in the seeds' forms (DECISIONS 4): universal links `https://<host>/<path>` and
/// custom schemes, read as host + path (`sumafinance://auth/login` → `/auth/login`); and the
/// association files the platforms fetch to open them in an installed app.
enum DeepLinks {
    /// Where a link leads: the app, and the path and query inside it.
    struct Target: Equatable {
        let app: String
        let path: String
        let query: [String: String]
    }

    /// The universal link of a screen, on the app's first link host; nil without one.
    static func universalLink(_ app: AppDefinition, _ instance: RouteInstance) -> String? {
        universalLink(app, path: AppURLs(prefix: "", navigation: app.navigation).screen(instance))
    }

    /// The universal link of a path inside the app (`/auth/login?x=1`), on its first link host.
    static func universalLink(_ app: AppDefinition, path: String) -> String? {
        app.hosts.first.map { "https://" + $0 + path }
    }

    /// The custom-scheme link of a path inside the app, as ``target(of:apps:)`` reads it back:
    /// `/auth/login` is `sumafinance://auth/login`.
    static func schemeLink(_ app: AppDefinition, path: String) -> String? {
        app.schemes.first.map { $0 + ":/" + path }
    }

    /// The app a link belongs to, by its custom scheme or universal-link host, with its path.
    /// A link without a scheme (`example.com/items/7`, as Android graphs write links that match
    /// http and https alike) is read as https. Nil for a link no served app claims or that is not a URL.
    static func target(of link: String, apps: [AppDefinition]) -> Target? {
        guard link.utf8.count <= 2048, var components = URLComponents(string: link) else { return nil }
        if components.scheme == nil, !link.hasPrefix("/"), let schemeless = URLComponents(string: "https://" + link) {
            components = schemeless
        }
        guard let scheme = components.scheme?.lowercased(), let host = components.host?.lowercased() else { return nil }
        let query = Dictionary((components.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
        if scheme == "https" || scheme == "http" {
            guard let app = apps.first(where: { $0.hosts.contains { $0.lowercased() == host } }) else { return nil }
            return Target(app: app.id, path: components.path.isEmpty ? "/" : components.path, query: query)
        }
        guard let app = apps.first(where: { $0.schemes.contains(scheme) }) else { return nil }
        let path = components.path == "/" ? "" : components.path
        return Target(app: app.id, path: "/" + host + path, query: query)
    }

    /// `apple-app-site-association` for `apps` (those whose links use the requested host).
    static func appleAssociation(_ apps: [AppDefinition]) -> [UInt8] {
        let details = apps.flatMap { app in
            app.appleAppIDs.map { id in
                ["appIDs": [id] as Any, "components": linkPaths(app).map { ["/": $0] }] as [String: Any]
            }
        }
        return json(["applinks": ["details": details]])
    }

    /// `assetlinks.json` (Digital Asset Links) for `apps`.
    static func androidAssociation(_ apps: [AppDefinition]) -> [UInt8] {
        json(apps.flatMap { app in
            app.androidApps.map { android in
                [
                    "relation": ["delegate_permission/common.handle_all_urls"],
                    "target": ["namespace": "android_app", "package_name": android.package,
                               "sha256_cert_fingerprints": [android.fingerprint]] as [String: Any],
                ] as [String: Any]
            }
        })
    }

    /// The URL paths of an app's deep-linkable routes (and their aliases), placeholders as `*`,
    /// then its tab links.
    static func linkPaths(_ app: AppDefinition) -> [String] {
        app.navigation.routes.filter(\.isDeepLinkable).flatMap { [$0.path] + $0.aliases }.map { path in
            path.split(separator: "/").map { $0.hasPrefix("{") ? "*" : String($0) }.reduce("") { $0 + "/" + $1 }
        }.map { $0.isEmpty ? "/" : $0 } + app.tabLinks.keys.sorted()
    }

    private static func json(_ value: Any) -> [UInt8] {
        (try? Array(JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .withoutEscapingSlashes]))) ?? Array("{}".utf8)
    }
}
