import FlowDefinition
import FlowStore
import HTMLTemplate
import HTTPServer
import Navigation

/// One app folder as served under one prefix: its definition, templates, URLs and page model —
/// what every request to it reads and none changes.
package final class MountedApp: Sendable {
    /// The app as its folder defines it.
    package let app: AppDefinition
    /// Its templates with the shared layout, compiled for this mount's prefix.
    package let templates: TemplateSet
    /// The folder's images, each at an address of its content, their responses made once.
    let images: AppImages
    /// The engine over its navigation definition.
    package let navigator: Navigator
    /// Its sessions' states, restored once.
    let states: RestoredStates
    /// Sessions' CSRF tokens, derived once each.
    let csrfTokens = CSRFTokens()
    /// The QR codes of the deep links its banner shows on a desktop.
    let linkQRCodes = LinkQRCodes()
    /// Its pages' origins by the headers they come from; a stranger can make up hosts, so bounded.
    let requestOrigins = BoundedMemo<OriginHeaders, String>(limit: 256)
    /// Its screens' link previews by route and origin.
    let previews = BoundedMemo<AppBanner.PreviewKey, AppBanner.Preview>(limit: 1_024)
    /// The addresses of its screens and reserved paths under this mount's prefix.
    package let urls: AppURLs
    /// The screens' paths as the app's links carry them, whatever the mount (`/auth/login`).
    let linkURLs: AppURLs
    let model: PageModel
    /// Whether the prototype's aids are on: the toolbar, the dev mailbox, the event log page
    /// and the fixtures. Off for an app serving real people, such as deep-link fallback pages.
    package let isPrototype: Bool
    /// The automated audit pass's key and addresses when the app is served for it
    /// (`--prototype audit`: the pages as shipped, over the fixtures); nil otherwise.
    package let auditPass: AuditPassAccess?
    /// Whether the fixtures are served — fixture accounts sign in, codes go to the dev mailbox —
    /// as in a prototype or for the audit pass.
    package var servesFixtures: Bool { isPrototype || auditPass != nil }
    /// The source map of each session's last page, kept for the audit workspace and the audit
    /// pass: nil (nothing recorded, nothing kept) unless the app is served for either.
    package let sourceMaps: AuditSourceMaps?
    /// The app's documented fixtures, or none when they are not served.
    package let fixtures: FixtureSet
    /// The ids of its fixture accounts when they are served: every tester signs in as
    /// them, so each session keeps its own copy of their collections.
    package let fixtureAccountIDs: Set<Int>
    /// The actions each route's page offers, read once from its template: an action posted from
    /// a screen that does not offer it changes nothing (``offers(_:in:)``).
    package let offeredActions: [RouteName: Set<String>]
    /// The forms whose action saves the profile: they start from the signed-in person's profile.
    let profileForms: [String]
    /// The forms each route's page shows (its template or the app's partials it includes name
    /// them) whose choice fields take their options from a collection: read when it is drawn.
    let choiceForms: [RouteName: Set<String>]
    /// The names of fields that are sets of check boxes, in any form: a post's several values of
    /// such a name are kept together.
    let multipleChoiceFields: Set<String>
    /// The routes whose page shows who is signed in (reads `user`, or shows one of
    /// ``profileForms``), read once from the templates: no other page reads the account.
    let showsPerson: Set<RouteName>
    /// The origins posts may come from besides the request's own.
    let origins: OriginPolicy
    /// Whether a route's URL is the app's entry (`path="/"`): the entry then shows that screen,
    /// since a redirect to where the session is could lead back to the entry itself.
    let hasRootScreen: Bool
    /// The file of FlowPages' own stylesheet every page links (`Public/flowpages.css`), when known.
    package let sharedStylesheet: String?
    /// What `/<app>/_app.css` answers; see ``stylesheet(of:)``.
    let stylesheet: [UInt8]?
    /// The stylesheet's entity tag: a browser revalidates it on each page and is answered 304.
    let stylesheetTag: String?
    /// Whether its deep-linkable pages offer the installed app (``AppBanner``).
    let showsAppBanner: Bool
    /// How a stranger's public page is answered; nil while the prototype is on (or the audit
    /// pass's mode), or when public pages are off: every page is then `private, no-store`.
    let publicPages: PublicPages?
    /// The shapes templates read its collections' records in.
    package let recordLayouts: RecordLayouts
    /// What the workshop works out once for the app as mounted (the audit's inventory).
    package let workshopCache = WorkshopCache()
    /// Its tab links as patterns, so `/tab/%72ed` is `/tab/red` as a route's path would be.
    private let tabLinks: [(pattern: PathPattern, tab: CoordinatorID, path: String)]

    init(app: AppDefinition, templates: TemplateSet, images: AppImages, prefix: String, prototype: Bool, auditPass: AuditPassAccess? = nil, fixtureAccountIDs: Set<Int>,
         appBanner: Bool?, origins: OriginPolicy, effects: EffectRegistry, publicCache: PublicCache? = nil, sharedStylesheet: String? = nil) {
        self.sharedStylesheet = sharedStylesheet
        self.app = app
        self.templates = templates
        self.images = images
        navigator = Navigator(app.navigation)
        recordLayouts = RecordLayouts(app.data)
        publicPages = prototype || auditPass != nil ? nil : publicCache.map { PublicPages(cache: $0, app: app) }
        states = RestoredStates(app.navigation)
        urls = AppURLs(prefix: prefix, navigation: app.navigation)
        linkURLs = prefix.isEmpty ? urls : AppURLs(prefix: "", navigation: app.navigation)
        stylesheet = Self.stylesheet(of: app)
        // FNV-1a over the bytes: a tag that changes when they do, not a secret.
        stylesheetTag = stylesheet.map { bytes in
            "\"" + String(bytes.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }, radix: 16) + "\""
        }
        // The loader admits only literal paths, which always parse.
        tabLinks = app.tabLinks.sorted { $0.key < $1.key }.compactMap { path, tab in (try? PathPattern(path)).map { ($0, tab, path) } }
        model = PageModel(app: app, urls: urls, prototype: prototype, stylesheet: stylesheet == nil ? nil : urls.stylesheet)
        isPrototype = prototype
        self.auditPass = auditPass
        let servesFixtures = prototype || auditPass != nil
        sourceMaps = servesFixtures ? AuditSourceMaps() : nil
        showsAppBanner = appBanner ?? !prototype
        fixtures = servesFixtures ? app.fixtures : .none
        self.fixtureAccountIDs = servesFixtures ? fixtureAccountIDs : []
        self.origins = origins
        hasRootScreen = app.navigation.routes.contains { $0.path == "/" }
        offeredActions = Dictionary(uniqueKeysWithValues: app.navigation.routes.compactMap { route in
            app.templates[route.name].map { (route.name, templates.actions(offeredBy: $0, app: app.id)) }
        })
        let profileForms = PageData.profileForms(of: app, effects: effects)
        self.profileForms = profileForms
        multipleChoiceFields = Set(app.forms.values.flatMap(\.fields).filter(\.isMultipleChoice).map(\.name))
        let fromData = Set(app.forms.values.filter { $0.fields.contains { $0.choice?.source != nil } }.map(\.id))
        choiceForms = fromData.isEmpty ? [:] : Dictionary(uniqueKeysWithValues: app.navigation.routes.compactMap { route in
            app.templates[route.name].map { template in
                (route.name, Set(templates.referencedPaths(in: template) { $0.hasPrefix(app.id + "/") }.compactMap { path in
                    path.count > 1 && path[0] == "forms" && fromData.contains(path[1]) ? path[1] : nil
                }))
            }
        })
        func readsPerson(_ paths: [[String]]) -> Bool {
            paths.contains { $0.first == "user" || ($0.count > 1 && $0[0] == "forms" && profileForms.contains($0[1])) }
        }
        // A layout is read by every page: one that shows the person makes every page do.
        let everyPage = templates.names.contains { $0.hasPrefix("_layout/") && readsPerson(templates.referencedPaths(in: $0)) }
        showsPerson = Set(app.navigation.routes.filter { route in
            everyPage || app.templates[route.name].map { readsPerson(templates.referencedPaths(in: $0) { $0.hasPrefix(app.id + "/") }) } == true
        }.map(\.name))
    }

    /// Whether the page of `state` offers `command`: Back, Close and the tabs every page does; an
    /// action, when its screen's template posts it or a button of the alert it shows runs it.
    func offers(_ command: PostCommand, in state: NavigationState) -> Bool {
        guard case .action(let action) = command else { return true }
        if offeredActions[navigation.currentScreen(in: state).name]?.contains(action.id) == true { return true }
        guard let alert = state.alert, let definition = app.alerts[alert.name] else { return false }
        return definition.buttons.contains { $0.action == action.id }
    }

    /// Its navigation definition.
    package var navigation: NavigationDefinition { app.navigation }

    /// The app's own stylesheet (`/<app>/_app.css`): the heights of its custom sheet detents,
    /// then its folder's `style.css`; nil when it has neither.
    static func stylesheet(of app: AppDefinition) -> [UInt8]? {
        let heights = Set(app.detents.values.compactMap { detent -> String? in
            if case .custom(let height) = detent { height } else { nil }
        }).sorted()
        // The loader admits only digits and a unit, so a height is safe inside the selector.
        let rules = heights.map { "dialog.modal.detent-custom[data-height=\"\($0)\"] { height: \($0); }\n" }.joined()
        let text = rules + (app.stylesheet ?? "")
        return text.isEmpty ? nil : Array(text.utf8)
    }

    /// The session cookie's name, one per app. Its path is `/`, so the link opener at `/_open`
    /// reaches the same session.
    package var cookieName: String { "fp_" + app.id }

    /// An analytics event of this app about the current screen of `state`.
    func event(_ kind: EventKind, _ state: NavigationState, source: NavigationSource? = nil, detail: String? = nil, at now: Int64) -> StoredEvent {
        StoredEvent(time: now, app: app.id, kind: kind, screen: navigation.currentScreen(in: state).name.rawValue,
                    source: source?.analyticsName, detail: detail)
    }

    /// The route instance a screen URL of this app names.
    func screen(at url: String) -> RouteInstance? {
        guard case .screen(let instance)? = destination(at: url) else { return nil }
        return instance
    }

    /// What a URL of this app names: a tab link's path, else a screen's URL.
    func destination(at url: String) -> LinkDestination? {
        let parts = url.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        guard let path = parts.first, path.hasPrefix(urls.prefix) else { return nil }
        let rest = path.dropFirst(urls.prefix.count)
        let items = parts.count > 1 ? URLEncoding.decodeForm(parts[1].utf8) ?? [] : []
        return destination(path: rest.isEmpty ? "/" : rest, query: Dictionary(items.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first }))
    }

    /// What a path below the app's prefix names: a tab link, else a screen. A path with one
    /// trailing slash names what it names without (`…/timetable/42/`, as a link may be written);
    /// the screen's own URL is the one without.
    func destination(path: Substring, query: [String: String]) -> LinkDestination? {
        if let link = tabLinks.first(where: { $0.pattern.match(path) != nil }) { return .tab(link.tab, path: link.path) }
        if let instance = navigation.routeInstance(path: path, query: query) { return .screen(instance) }
        guard path.count > 1, path.last == "/", path.dropLast().last != "/" else { return nil }
        return destination(path: path.dropLast(), query: query)
    }

    /// The URL of a destination: a tab link's own path, or the screen's URL.
    func url(of destination: LinkDestination) -> String {
        switch destination {
        case .screen(let instance): urls.screen(instance)
        case .tab(_, let path): urls.prefix + path
        }
    }

    /// The state after following a link: the engine's navigation, except that a signed-out
    /// person's link into another signed-out flow (onboarding → a registration link) enters that
    /// flow first, as the app would on a first launch; and that a link to a route `under` another
    /// opens that one first (with the parameters they share) unless the screen is already shown.
    func following(_ destination: LinkDestination, from state: NavigationState, source: NavigationSource) -> Result<NavigationState, NavigationError> {
        guard case .screen(let instance) = destination, app.linkParents[instance.name] != nil else {
            return entering(destination, from: state, source: source)
        }
        // A deep link lands on its routes' own stack (DECISIONS 4), whatever the current tab
        // shows: the outermost screen beneath is the link, the others open over it.
        let beneath = source == .deepLink ? ancestors(of: instance) : screens(beneath: instance, in: state)
        var start = state
        for (index, screen) in beneath.enumerated() {
            switch entering(.screen(screen), from: start, source: index == 0 ? source : .direct) {
            case .success(let opened): start = opened
            case .failure(let error): return .failure(error)
            }
        }
        return entering(destination, from: start, source: beneath.isEmpty ? source : .direct)
    }

    /// `state` with what lies beneath `instance` (`under`) opened, as far as the engine allows: a
    /// screen's address opens it first, as a link does, without entering another flow.
    package func openingBeneath(_ instance: RouteInstance, from state: NavigationState) -> NavigationState {
        screens(beneath: instance, in: state).reduce(state) { state, screen in
            (try? navigator.execute(.navigate(screen, source: .direct), on: state).get().state) ?? state
        }
    }

    /// The screens a link to `instance` opens before it, outermost first: its `under` route
    /// with the parameters they share, and that one's; none when `state` already shows the
    /// screen (on top, or further down the trail, where Back pops to it) or has its `under`
    /// screen on top.
    private func screens(beneath instance: RouteInstance, in state: NavigationState) -> [RouteInstance] {
        guard let above = parent(of: instance) else { return [] }
        let view = navigation.screen(in: state)
        if view.route == instance || view.route == above || view.breadcrumbs.contains(where: { $0.route == instance }) { return [] }
        return screens(beneath: above, in: state) + [above]
    }

    /// Every screen `instance` lies under, outermost first.
    private func ancestors(of instance: RouteInstance) -> [RouteInstance] {
        parent(of: instance).map { ancestors(of: $0) + [$0] } ?? []
    }

    /// The screen `instance` lies under (`under`), with the parameters they share.
    private func parent(of instance: RouteInstance) -> RouteInstance? {
        guard let parent = app.linkParents[instance.name], let route = navigation.route(parent) else { return nil }
        return RouteInstance(parent, instance.parameters.filter { route.parameter($0.key) != nil })
    }

    /// The engine's navigation to `destination`, entering its signed-out flow first when needed.
    private func entering(_ destination: LinkDestination, from state: NavigationState, source: NavigationSource) -> Result<NavigationState, NavigationError> {
        let command = destination.command(source)
        switch navigator.execute(command, on: state) {
        case .success(let transition):
            return .success(transition.state)
        case .failure(.inactiveFlow(_, let flow, _)) where state.userID == nil:
            return navigator.execute(.changeFlow(flow), on: state)
                .flatMap { navigator.execute(command, on: $0.state) }
                .map(\.state)
        case .failure(let error):
            return .failure(error)
        }
    }

    /// What a person calls a screen with no record at hand: its breadcrumb, else its title as the
    /// flow map reads it (`Results for “a query”`), in quotes.
    package func spokenName(_ name: RouteName) -> String {
        guard let route = navigation.route(name) else { return "“" + AppData.fallbackTitle(name) + "”" }
        let crumb = route.breadcrumb.flatMap { $0.isEmpty || AppData.hasPlaceholders($0) ? nil : $0 }
        return "“" + (crumb ?? Wording.readable(route.title)) + "”"
    }

    /// Whether a screen is still part of the session: on the visible trail or on top of a tab.
    func isStillShown(_ screen: RouteInstance, in state: NavigationState) -> Bool {
        let view = navigation.screen(in: state)
        return view.breadcrumbs.contains { $0.route == screen } || view.tabBar?.items.contains { $0.top == screen } == true
    }
}

extension NavigationSource {
    /// The source's name in analytics events (seed 000 §13).
    var analyticsName: String {
        switch self {
        case .direct: "direct"
        case .deepLink: "deep_link"
        case .tabSwitch: "tab_switch"
        case .back: "back_navigation"
        case .autoRedirect: "auto_redirect"
        }
    }
}
