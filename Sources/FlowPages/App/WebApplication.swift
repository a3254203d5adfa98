import FlowDefinition
import FlowStore
import Foundation
import HTMLTemplate
import HTTPServer
import Navigation

/// FlowPages as a web application: every valid app folder mounted at `/<app-id>/` (and at `/`
/// for the hosts configured for it), an index of them at `/`, the deep-link opener `/_open`, the
/// platforms' association files under `/.well-known/`, `/_health`, and the public folder's files.
///
/// A request flows one way: the router picks the app and the handler by path (parameters such
/// as `/_action/{id}`), the handler opens the session's unit of work from the store, the engine
/// and the action interpreter decide the new state, effects write inside the unit of work, one
/// commit saves it all, and the page model and templates render the answer.
public struct WebApplication: Sendable {
    /// The ids of the apps served at `/<app-id>/`.
    public let appIDs: [String]
    /// Problems that kept app folders from being served, as `file:line: message`.
    public let problems: [String]
    /// The app folders that could not be served, by folder name, with their problems; a
    /// prototype shows them at `/<folder>/` and marks them on the index.
    public let brokenApps: [String: [FolderProblem]]
    /// Answers every request.
    public let router: Router
    /// Deep links opened by visitors without a session, counted in memory: flush them now and
    /// then (``Application/serve`` does every 10 seconds and on shutdown).
    public let linkCounters: LinkCounters

    /// Loads the apps of `views`; a broken app folder is reported and left out, the others serve.
    /// - Parameters:
    ///   - layouts: The shared layouts' folder; by default the views folder's own `_layout`, or
    ///     else the one FlowPages is installed with (``SharedLayouts``).
    ///   - store: Where sessions, events, accounts and mails are kept.
    ///   - appHosts: Host names mapped to the id of the app served at their root
    ///     (`suma.finance` → `suma-finance`), so universal-link paths work verbatim.
    ///   - prototype: Whether the prototype's aids are on (toolbar, dev mailbox, event log page,
    ///     fixtures); off for apps that serve real people, such as deep-link fallback pages.
    ///   - publicOrigins: Origins (`https://suma.finance`) every app accepts posts from besides the
    ///     request's own, for a reverse proxy that rewrites `Host`; each app host adds its own
    ///     `https://` and `http://` origins for its app.
    ///   - publicCache: How long caches may keep a stranger's public page (``PublicPages``); nil,
    ///     and always with the prototype on: every page is `private, no-store`.
    ///   - appBanner: Whether deep-linkable pages offer the installed app (``AppBanner``); by
    ///     default only where the prototype is off, as on a deep link's web fallback.
    ///   - effects: What the apps' actions may run; a folder naming another effect is not served.
    ///   - clock: Where sessions' expiry and events read the time.
    ///   - linkCounters: Where deep links opened without a session are counted; by default new
    ///     ones. The application built again when its views change keeps the same.
    ///   - eventBudget: How many events a session and an address may add a minute; by default a
    ///     new one at the documented rates, counting what it drops in `linkCounters`.
    ///   - errorLog: Where unexpected failures (a template that cannot render) are logged.
    ///   - listenHost: The address the server listens on: with the prototype on, requests whose
    ///     `Host` is not a loopback name, this address, an app host or a public origin's host are
    ///     refused with 421 (``PrototypeHosts``).
    ///   - workshop: The tools mounted in each app's group beside its pages (the prototype's
    ///     tools, insights, the audit workspace and the audit pass's addresses); none by default,
    ///     so the apps are served alone.
    public init(
        views: String, layouts: String? = nil, publicFolder: String, store: any WebStore, appHosts: [String: String] = [:], prototype: Bool = true, auditKey: String? = nil, listenHost: String = "127.0.0.1",
        appBanner: Bool? = nil, publicOrigins: [String] = [], publicCache: PublicCache? = nil, effects: EffectRegistry = .prototype, clock: WebClock = .system, linkCounters: LinkCounters? = nil,
        eventBudget: EventBudget? = nil, errorLog: @escaping @Sendable (String) -> Void = { StandardOutput.writeLine($0) }, workshop: (any Workshop)? = nil
    ) throws {
        let linkCounters = linkCounters ?? LinkCounters(store: store)
        let mounts = try AppMounts(views: views, layouts: layouts, AppMounts.Settings(
            store: store, publicFolder: publicFolder, appHosts: appHosts, prototype: prototype, auditKey: auditKey, appBanner: appBanner, publicOrigins: publicOrigins, publicCache: publicCache, effects: effects,
            clock: clock, linkCounters: linkCounters, eventBudget: eventBudget ?? EventBudget(counters: linkCounters), errorLog: errorLog))
        self.linkCounters = linkCounters
        appIDs = mounts.prefixed.keys.sorted()
        problems = mounts.problems(appHosts: appHosts)
        brokenApps = mounts.broken

        let served = mounts.prefixed.values.map(\.app.app).sorted { $0.id < $1.id }
        let files = try StaticFiles(root: publicFolder)
        // Where the person authoring the folder looks: a prototype shows what is wrong.
        let site = try SitePages(apps: served, broken: prototype ? mounts.broken : [:])
        var shared = Application.router()
        shared.errorLog = errorLog
        Self.addAssociationFiles(to: &shared, apps: served)
        let main = Self.mainRouter(shared, mounts: mounts, files: files, site: site, served: served, prototype: prototype, workshop: workshop)
        let routers = Self.hostRouters(shared, rooted: mounts.rooted, files: files, site: site, workshop: workshop)
        var router: Router
        if routers.isEmpty {
            router = main
        } else {
            router = Router()
            // Which host's router answers is known only here, so every request may block.
            router.mount("/", mayBlock: true) { [routers, main] request in
                (routers[Self.appHostName(request, rooted: routers)] ?? main).respond(to: request)
            }
        }
        let headers = SecurityHeaders(apps: served)
        router.finish = { response, request in headers.apply(to: response, for: request) }
        if prototype || auditKey != nil {
            let hosts = PrototypeHosts(listenHost: listenHost, appHosts: appHosts.keys, publicOrigins: publicOrigins)
            router.admit = { hosts.refusal(of: $0) }
        }
        router.errorLog = errorLog
        self.router = router
    }

    /// The router of every host but the app hosts: the public folder, the index, the site's link
    /// opener, each app under `/<app-id>/`, and a prototype's broken folders' pages.
    private static func mainRouter(_ shared: Router, mounts: AppMounts, files: StaticFiles, site: SitePages, served: [AppDefinition], prototype: Bool,
                                   workshop: (any Workshop)?) -> Router {
        var main = shared
        let prefixed = mounts.prefixed
        main.mount("/", methods: [.get], files.respond)
        main.get("/") { _ in site.index }
        main.get(ReservedPath.opener.pattern, mayBlock: true) { request in
            let link = request.query("url") ?? ""
            guard let target = DeepLinks.target(of: link, apps: served), let services = prefixed[target.app] else { return site.unattributedLink(link) }
            return try services.answering(request) { try ScreenRequests(services: services).openLink(request) }
        }
        for (id, services) in prefixed {
            Self.mountImages(services, in: &main, prefix: "/" + id)
            main.group("/" + id, mayBlock: true) { group in
                Self.mount(services, in: &group, workshop: workshop) { request in
                    try ScreenRequests(services: services).screen(request, path: String(request.rawPath.dropFirst(id.count + 1)))
                }
            }
            main.get("/\(id)") { _ in .redirect(to: "/\(id)/", status: .movedPermanently) }
        }
        if prototype {
            for id in mounts.broken.keys where prefixed[id] == nil {
                let page = site.brokenApp(id)
                main.group("/" + id) { group in group.mount("/") { _ in page } }
                main.get("/\(id)") { _ in .redirect(to: "/\(id)/", status: .found) }
            }
        }
        main.errorPage = Self.errorPage(prefixed: prefixed, rooted: nil, site: site)
        return main
    }

    /// The router of each app host, by host name: its app owns every path (what it has no screen
    /// for may be a file of the public folder).
    private static func hostRouters(_ shared: Router, rooted: [String: AppServices], files: StaticFiles, site: SitePages, workshop: (any Workshop)?) -> [String: Router] {
        var routers: [String: Router] = [:]
        for (name, services) in rooted {
            var router = shared
            Self.mountImages(services, in: &router, prefix: "")
            router.group("", mayBlock: true) { group in
                Self.mount(services, in: &group, workshop: workshop) { request in
                    do {
                        return try ScreenRequests(services: services).screen(request, path: request.rawPath)
                    } catch let error as HTTPError where error.status == .notFound && (request.method == .get || request.method == .head) {
                        let file = try? files.respond(to: request)
                        guard let file, file.status != .notFound else { throw error }
                        return file
                    }
                }
            }
            router.errorPage = Self.errorPage(prefixed: [:], rooted: services, site: site)
            routers[name] = router
        }
        return routers
    }

    /// One app's images, each at its own exact path, answered from memory without blocking, as the
    /// public folder's files are; any other path under `/_images/` is 404, not a screen's.
    private static func mountImages(_ services: AppServices, in router: inout Router, prefix: String) {
        for image in services.app.images.byName.values {
            router.get(prefix + image.path) { request in image.response(to: request) }
        }
        router.get(prefix + ReservedPath.image.pattern) { request in AppImages.notFound(request) }
    }

    /// One app's routes under its group's prefix; `screens` answers every other path of it.
    private static func mount(_ services: AppServices, in group: inout RouterGroup, workshop: (any Workshop)?, screens: @escaping Handler) {
        let posts = PostRequests(services: services)
        // The app's own routes are answered as the workshop's are: one wrapping, not two.
        let app = WorkshopApp(services: services)
        let answer = app.answer
        group.get("/", answer { try ScreenRequests(services: services).entry($0) })
        group.get(ReservedPath.opener.pattern, answer { try ScreenRequests(services: services).openLink($0) })
        if let stylesheet = services.app.stylesheet, let tag = services.app.stylesheetTag {
            group.get(ReservedPath.stylesheet.pattern) { request in
                let headers = HTTPHeaders([("ETag", tag), ("Cache-Control", "no-cache")])
                if request.matches(etag: tag) == true { return HTTPResponse(.notModified, headers: headers) }
                var response = HTTPResponse(.ok, headers: headers, body: stylesheet)
                response.headers.add("Content-Type", "text/css; charset=utf-8")
                return response
            }
        }
        if let icons = services.app.app.icons {
            group.get(TabIcon.ownPath) { _ in
                HTTPResponse(.ok, headers: HTTPHeaders([("Content-Type", "image/svg+xml"), ("Cache-Control", "no-cache"),
                                                        ("Content-Security-Policy", AppImages.svgPolicy)]), body: icons.bytes)
            }
        }
        group.post(ReservedPath.back.pattern, answer { try posts.handle(.back, $0) })
        group.post(ReservedPath.dismiss.pattern, answer { try posts.handle(.dismiss, $0) })
        group.post(ReservedPath.startOver.pattern, answer { try posts.handle(.startOver, $0) })
        group.post(ReservedPath.discard.pattern, answer { try posts.handle(.discard, $0) })
        group.post(ReservedPath.keep.pattern, answer { try posts.handle(.keep, $0) })
        group.post(ReservedPath.tab.pattern, answer { try posts.handle(.tab(CoordinatorID($0.parameters["id"] ?? "")), $0) })
        group.post(ReservedPath.action.pattern, answer { try posts.handle(posts.action($0.parameters["id"]), $0) })
        let banner = AppBannerRequests(services: services)
        group.get(ReservedPath.deferredLink.pattern, answer { try banner.claim($0, code: $0.parameters["code"]) })
        if services.app.showsAppBanner {
            group.post(ReservedPath.bannerDismiss.pattern, answer { try posts.handle(.hideAppBanner, $0) })
            group.post(AppBanner.codePath, answer { try banner.giveCode($0) })
            group.post(ReservedPath.bannerPing.pattern, answer { try banner.ping($0) })
        }
        if let publicPages = services.app.publicPages {
            let (id, counters) = (services.app.app.id, services.linkCounters)
            group.get(ReservedPath.seen.pattern, answer { try publicPages.seen($0, app: id, counters: counters) })
        }
        if let image = services.app.app.previewImage {
            group.get(String(services.app.urls.previewImage(image).dropFirst(services.app.urls.prefix.count)), answer { banner.previewImage($0) })
        }
        workshop?.mount(app, in: &group)
        group.mount("/", answer(screens))
    }

    /// The association files, which every host answers.
    private static func addAssociationFiles(to router: inout Router, apps: [AppDefinition]) {
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

    /// Error pages the router itself answers (a wrong method, no route) in the layout of the app
    /// the path belongs to, as a page of the site elsewhere; a 500 never says more than that
    /// something went wrong.
    private static func errorPage(prefixed: [String: AppServices], rooted: AppServices?, site: SitePages) -> @Sendable (HTTPError, HTTPRequest) -> HTTPResponse {
        { error, request in
            let segment = request.path.split(separator: "/").first.map(String.init) ?? ""
            guard let services = rooted ?? prefixed[segment], let page = services.renderer.errorPage(error, for: request.cookie(services.app.cookieName)) else {
                return site.errorPage(error)
            }
            return page
        }
    }
}
