import FlowDefinition
import FlowStore
import HTMLTemplate

/// The app folders of a views folder, each ready to serve: loaded and checked (app.xml and
/// templates), its fixtures seeded, and its services built for every place it is mounted — at
/// `/<app-id>/`, and at `/` of each host configured for it. A folder that does not load or whose
/// templates read what its pages do not have is kept aside with its problems.
struct AppMounts {
    /// The services of each app served at `/<app-id>/`, by id.
    private(set) var prefixed: [String: AppServices] = [:]
    /// The services of each app host, by host name, for the app served at its root.
    private(set) var rooted: [String: AppServices] = [:]
    /// The app folders that could not be served, by folder name, with their problems.
    private(set) var broken: [String: [FolderProblem]] = [:]

    /// What every mount shares.
    struct Settings {
        let store: any WebStore
        /// The folder of FlowPages' own static files (`flowpages.css`).
        let publicFolder: String
        let appHosts: [String: String]
        let prototype: Bool
        /// The audit pass's key when the apps are served for it (`--prototype audit`).
        let auditKey: String?
        let appBanner: Bool?
        let publicOrigins: [String]
        /// How strangers' public pages are cached; nil: never public.
        let publicCache: PublicCache?
        let effects: EffectRegistry
        let clock: WebClock
        let linkCounters: LinkCounters
        let eventBudget: EventBudget
        let errorLog: @Sendable (String) -> Void
    }

    init(views: String, layouts: String?, _ settings: Settings) throws {
        var apps: [AppDefinition] = []
        for (folder, result) in AppFolderLoader.loadEach(views: views, vocabulary: .served(with: settings.effects)) {
            switch result {
            case .success(let app): apps.append(app)
            case .failure(let found): broken[folder] = found.problems
            }
        }
        let hashingShares = HashingShares()
        for app in apps {
            let images = AppImages(app.images)
            let library: TemplateSet
            switch Self.library(of: app, images: images, views: views, layouts: layouts, prefix: "/" + app.id) {
            case .success(let loaded): library = loaded
            case .failure(let problems):
                broken[app.id] = problems.problems
                continue
            }
            let fixtureAccountIDs = try FixtureSeeding.seed(app, into: settings.store, prototype: settings.prototype || settings.auditKey != nil)
            let names = settings.appHosts.filter { $0.value == app.id }.keys.map { $0.lowercased() }
            let origins = OriginPolicy(publicOrigins: settings.publicOrigins, appHosts: names)
            let auditPass = settings.auditKey.map(AuditPassAccess.init(key:))
            func services(_ prefix: String, _ templates: TemplateSet) -> AppServices {
                let mounted = MountedApp(app: app, templates: templates, images: images, prefix: prefix, prototype: settings.prototype, auditPass: auditPass,
                                         fixtureAccountIDs: fixtureAccountIDs,
                                         appBanner: settings.appBanner, origins: origins, effects: settings.effects, publicCache: settings.publicCache,
                                         sharedStylesheet: settings.publicFolder + "/flowpages.css")
                return AppServices(app: mounted, store: settings.store, effects: settings.effects, linkCounters: settings.linkCounters,
                                   eventBudget: settings.eventBudget, clock: settings.clock, hashingShares: hashingShares, errorLog: settings.errorLog)
            }
            prefixed[app.id] = services("/" + app.id, library)
            if !names.isEmpty {
                // The same templates, checked above: only the URLs they write differ.
                let rootedLibrary = try Self.library(of: app, images: images, views: views, layouts: layouts, prefix: "", checked: false).get()
                for name in names { rooted[name] = services("", rootedLibrary) }
            }
        }
    }

    /// The problems that kept folders from being served, and app hosts naming no served app,
    /// as `file:line: message`.
    func problems(appHosts: [String: String]) -> [String] {
        var problems = broken.sorted { $0.key < $1.key }.flatMap { $0.value.map(\.description) }
        for (name, id) in appHosts.sorted(by: { $0.key < $1.key }) where prefixed[id] == nil {
            problems.append("--app-host \(name)=\(id): no app '\(id)' is served; the apps are \(prefixed.keys.sorted().joined(separator: ", "))")
        }
        return problems
    }

    /// The app's templates with the shared layout, compiled for the mount at `prefix` (the url
    /// and image helpers write URLs under it) and, when `checked`, checked against what its pages provide.
    private static func library(of app: AppDefinition, images: AppImages, views: String, layouts: String?, prefix: String, checked: Bool = true) -> Result<TemplateSet, FolderProblems> {
        let loaded: TemplateLibrary
        let helpers = TemplateHelpers.helpers(urls: AppURLs(prefix: prefix, navigation: app.navigation), images: images)
        do {
            loaded = try TemplateLibrary.load(views: views, layouts: layouts, helpers: helpers) {
                $0.hasPrefix("_layout/") || $0.hasPrefix(app.id + "/")
            }
        } catch {
            return .failure(FolderProblems(error.problems))
        }
        // A name a page does not provide, an action it does not offer, would render as nothing
        // (`By .`, `<form action="">`): the folder is broken as a typo in app.xml is.
        guard checked else { return .success(loaded.set) }
        let check = TemplateCheck(app: app, library: loaded)
        return check.problems.isEmpty ? .success(loaded.set) : .failure(FolderProblems(check.problems))
    }
}
