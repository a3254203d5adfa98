import FlowDefinition
import Foundation
import HTMLTemplate
import HTTPServer
import SQLiteStore

/// FlowPages as a web application: every valid app folder mounted at `/<app-id>/` (and at `/`
/// for the hosts configured for it), an index of them at `/`, the deep-link opener `/_open`, the
/// platforms' association files under `/.well-known/`, `/_health`, and the public folder's files.
public struct WebApplication: Sendable {
    /// The apps served at `/<app-id>/`, by id.
    public let hosts: [String: AppHost]
    /// Problems that kept app folders from being served, as `file:line: message`.
    public let problems: [String]
    /// Answers every request.
    public let router: Router
    /// Deep links opened by visitors without a session, counted in memory: flush them now and
    /// then (``Application/serve`` does every 10 seconds and on shutdown).
    public let linkCounters: LinkCounters

    /// Loads the apps of `views`; a broken app folder is reported and left out, the others serve.
    /// - Parameters:
    ///   - appHosts: Host names mapped to the id of the app served at their root
    ///     (`suma.finance` → `suma-finance`), so universal-link paths work verbatim.
    ///   - prototype: Whether the prototype's aids are on (toolbar, dev mailbox, event log page,
    ///     fixtures); off for apps that serve real people, such as deep-link fallback pages.
    ///   - passwordHasher: The cost of hashing the prototype's passwords (tests use a cheap one).
    ///   - publicOrigins: Origins (`https://suma.finance`) every app accepts posts from besides the
    ///     request's own, for a reverse proxy that rewrites `Host`; each app host adds its own
    ///     `https://` and `http://` origins for its app.
    public init(
        views: String, publicFolder: String, database: Database, appHosts: [String: String] = [:],
        prototype: Bool = true, passwordHasher: PasswordHasher = .recommended, publicOrigins: [String] = []
    ) throws {
        let (apps, folderProblems) = AppFolderLoader.loadAll(views: views)
        var problems = folderProblems.map(\.description)
        var hosts: [String: AppHost] = [:]
        var rooted: [String: AppHost] = [:]
        let linkCounters = LinkCounters(store: LinkCountStore(database: database))
        self.linkCounters = linkCounters
        for app in apps {
            do {
                let library = try TemplateLibrary.load(views: views) { $0.hasPrefix("_layout/") || $0.hasPrefix(app.id + "/") }
                let names = appHosts.filter { $0.value == app.id }.keys.map { $0.lowercased() }
                let origins = OriginPolicy(publicOrigins: publicOrigins + names.flatMap { ["https://" + $0, "http://" + $0] })
                func host(_ prefix: String) throws -> AppHost {
                    try AppHost(
                        app: app, templates: library.set, prefix: prefix, database: database, linkCounters: linkCounters,
                        prototype: prototype, passwordHasher: passwordHasher, origins: origins
                    )
                }
                hosts[app.id] = try host("/" + app.id)
                for (name, id) in appHosts where id == app.id {
                    rooted[name.lowercased()] = try host("")
                }
            } catch let error as TemplateLibrary.LoadError {
                problems += error.lines
            }
        }
        for (name, id) in appHosts.sorted(by: { $0.key < $1.key }) where hosts[id] == nil {
            problems.append("--app-host \(name)=\(id): no app '\(id)' is served; the apps are \(hosts.keys.sorted().joined(separator: ", "))")
        }
        self.hosts = hosts
        self.problems = problems

        let served = hosts.values.map(\.app).sorted { $0.id < $1.id }
        let files = try StaticFiles(root: publicFolder)
        var shared = Application.router()
        Self.addLinkRoutes(to: &shared, apps: served, hosts: hosts, rooted: rooted)
        var prefixed = shared
        prefixed.mount("/", methods: [.get], files.respond)
        let index = try Self.indexPage(served)
        prefixed.get("/") { _ in index }
        for (id, host) in hosts {
            // Screens and posts read and write SQLite (and sign-ins hash passwords): they may block.
            prefixed.mount("/\(id)/", mayBlock: true) { request in
                try host.respond(to: request, path: String(request.rawPath.dropFirst(id.count + 1)))
            }
            prefixed.get("/\(id)") { _ in .redirect(to: "/\(id)/", status: .movedPermanently) }
        }
        prefixed.errorPage = Self.errorPage(hosts: hosts, rooted: [:])
        var routers: [String: Router] = [:]
        for (name, host) in rooted {
            var router = shared
            // The app owns every path of its host; what it has no screen for may be a file.
            router.mount("/", mayBlock: true) { request in
                do {
                    return try host.respond(to: request, path: request.rawPath)
                } catch let error as HTTPError where error.status == .notFound && (request.method == .get || request.method == .head) {
                    let file = try? files.respond(to: request)
                    guard let file, file.status != .notFound else { throw error }
                    return file
                }
            }
            router.errorPage = Self.errorPage(hosts: [:], rooted: [name: host])
            routers[name] = router
        }
        var router: Router
        if routers.isEmpty {
            router = prefixed
        } else {
            router = Router()
            // Which host's router answers is known only here, so every request may block.
            router.mount("/", mayBlock: true) { [routers, prefixed] request in
                (routers[Self.appHostName(request, rooted: routers)] ?? prefixed).respond(to: request)
            }
        }
        let headers = SecurityHeaders(apps: served)
        router.finish = { response, request in headers.apply(to: response, for: request) }
        self.router = router
    }

    /// `/_open` and the association files, which every host answers.
    private static func addLinkRoutes(to router: inout Router, apps: [AppDefinition], hosts: [String: AppHost], rooted: [String: AppHost]) {
        router.get("/_open", mayBlock: true) { request in
            let link = request.query.first { $0.name == "url" }?.value ?? ""
            let host = rooted[appHostName(request, rooted: rooted)]
            guard let target = DeepLinks.target(of: link, apps: apps), let app = host.map({ $0.app.id == target.app ? $0 : nil }) ?? hosts[target.app] else {
                throw HTTPError(.notFound, link.isEmpty ? "Pass the link to open as ?url=." : "No app served here opens \(link).")
            }
            let instance = app.app.navigation.routeInstance(path: Substring(target.path), query: target.query)
            return try app.open(instance, link: link, request: request)
        }
        router.get("/.well-known/apple-app-site-association") { request in
            let body = DeepLinks.appleAssociation(linkedApps(request, apps))
            return HTTPResponse(.ok, headers: HTTPHeaders([("Content-Type", "application/json"), ("Cache-Control", "max-age=3600")]), body: body)
        }
        router.get("/.well-known/assetlinks.json") { request in
            let body = DeepLinks.androidAssociation(linkedApps(request, apps))
            return HTTPResponse(.ok, headers: HTTPHeaders([("Content-Type", "application/json"), ("Cache-Control", "max-age=3600")]), body: body)
        }
    }

    /// The apps whose universal links use the request's host; on any other host (localhost,
    /// a preview), every app, so the files can be checked before the domain is live.
    private static func linkedApps(_ request: HTTPRequest, _ apps: [AppDefinition]) -> [AppDefinition] {
        let name = hostName(request)
        let matching = apps.filter { $0.hosts.contains { $0.lowercased() == name } }
        return matching.isEmpty ? apps : matching
    }

    /// The Host header's name, lower-cased, without its port.
    static func hostName(_ request: HTTPRequest) -> String {
        hostName(of: request.headers["Host"] ?? "")
    }

    /// A `host[:port]`'s name, lower-cased, without its port.
    private static func hostName(of authority: String) -> String {
        let host = authority.lowercased()
        if host.hasPrefix("[") { return String(host.prefix { $0 != "]" }) + "]" }
        return String(host.prefix { $0 != ":" })
    }

    /// The host name that picks an app host: the `Host`'s, or behind a reverse proxy that
    /// rewrites `Host`, the first `X-Forwarded-Host`'s when it names an app host and `Host` does
    /// not. A client could as well send that name as `Host`, so this only picks which app
    /// answers; posts are still checked against the request's own `Host` and the app's origins.
    static func appHostName<Value>(_ request: HTTPRequest, rooted: [String: Value]) -> String {
        let host = hostName(request)
        guard rooted[host] == nil, let forwarded = request.headers["X-Forwarded-Host"]?.split(separator: ",").first else { return host }
        let name = hostName(of: forwarded.trimmingCharacters(in: .whitespaces))
        return rooted[name] == nil ? host : name
    }

    /// Error pages in the layout of the app the path belongs to, plain text elsewhere; a 500
    /// never says more than that something went wrong.
    private static func errorPage(hosts: [String: AppHost], rooted: [String: AppHost]) -> @Sendable (HTTPError, HTTPRequest) -> HTTPResponse {
        { error, request in
            let segment = request.path.split(separator: "/").first.map(String.init) ?? ""
            guard let host = rooted[appHostName(request, rooted: rooted)] ?? hosts[segment], let page = try? host.errorPage(error) else {
                var response = HTTPResponse.text(error.message + "\n", status: error.status)
                for field in error.headers { response.headers.add(field.name, field.value) }
                return response
            }
            return page
        }
    }

    /// The page at `/`: every app with its entry link.
    private static func indexPage(_ apps: [AppDefinition]) throws -> HTTPResponse {
        let template = """
            <!doctype html>
            <html lang="en">
            <head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <title>FlowPages</title><link rel="stylesheet" href="/flowpages.css"></head>
            <body><main id="main" class="index">
            <h1>FlowPages</h1>
            {{#each apps as app}}{{#if @first}}<ul class="apps">{{/if}}<li><a href="{{ app.url }}">{{ app.title }}</a></li>{{#if @last}}</ul>{{/if}}{{else}}<p>No app folders are served yet: add one under Views/ (see Views/README.md).</p>{{/each}}
            </main></body>
            </html>
            """
        let set = try TemplateSet(templates: ["index": template])
        let body = try set.renderBytes("index", ["apps": .array(apps.map { ["url": .string("/\($0.id)/"), "title": .string($0.title)] })])
        return HTTPResponse(.ok, headers: HTTPHeaders([("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-store")]), body: body)
    }
}
