import FlowDefinition
import FlowPages
import FlowStore
import Navigation

/// Every state of an app, for an auditor to walk: the app's real state space, worked out from
/// `app.xml`, the screens' templates (which actions each posts) and the app's fixtures, each
/// state reached by replaying the app from its start (``AuditOpening``, ``AuditReplay``) — no
/// code names an app.
///
/// - each route, with sample parameters: a record of its collection from the app's data, the
///   documented account's email and token, else its default, else a placeholder its kind and
///   pattern take; a modal over the screen that presents it (a screen posting an action that
///   presents it, with that screen's sample record), else as a link to it opens it;
/// - a screen anyone may see, signed in as well, when what its own template shows differs
///   signed in (the app's first fixture account) from signed out;
/// - each form a screen posts whose rules refuse it empty, with those errors showing;
/// - each alert an action of a screen shows (a confirmation when a button of it runs an action),
///   and each screen's unsaved-changes alert;
/// - each toast an action of a screen shows, where the app lands once the action is done —
///   replayed along the outcomes of its effects that show it;
/// - each guarded screen as a visitor meets it (the sign-in asked first);
/// - the invalid-link alert, when the app has one, and the page for an address that names nothing.
///
/// States are named with their sample data filled in ("Doctor Ada Lovelace"), and a name two
/// states would share says the route's path and the kind.
struct AuditInventory: Sendable {
    let states: [AuditState]

    /// The inventory of `services`' app, worked out once for the app as mounted (its folder
    /// changing mounts it anew) and kept.
    static func of(_ services: AppServices) throws -> AuditInventory {
        if let kept = services.app.workshopCache.kept(AuditInventory.self) { return kept }
        var replay = try AuditReplay(services, sessionID: Secret.token(), dataKey: Secret.token(), clientAddress: "audit inventory",
                                     now: services.clock.now())
        replay.kept = AuditReplay.KeptEffects()
        return services.app.workshopCache.keep(AuditInventory(replay: replay, renderer: services.renderer))
    }

    /// The inventory of `replay`'s app, its landings replayed by `replay` and nothing of them
    /// kept, its screens drawn by `renderer` to name and compare them.
    init(replay: AuditReplay, renderer: PageRenderer) {
        let app = replay.app
        let definition = app.app
        let canSignIn = replay.accountID != nil && definition.navigation.signIn != nil
        var states: [AuditState] = []
        func looks(_ state: NavigationState?) -> (title: String, content: [UInt8])? {
            state.flatMap { renderer.ownContent(of: $0, scope: replay.scope(signedIn: $0.userID)) }
        }
        for route in definition.navigation.routes {
            let guarded = definition.navigation.requiresSignIn(route.name)
            let kind: AuditState.Kind = definition.navigation.isShownInModal(route.name) ? .modal : .screen
            let sample = Self.sample(route, in: definition, signedIn: guarded)
            let note = sample.note ?? (guarded && replay.accountID == nil ? "guarded, and the app has no fixture account to sign in with" : nil)
            // Reached only where the app puts its screen: a way through a flow that ends elsewhere is none.
            // A screen no way a person takes reaches (the app walks there only after a mailed
            // code a replay cannot receive) is opened by the engine alone, and its steps say so.
            func reaching(signedIn: Bool, byEngine: Bool = true) -> (reach: AuditState.Reach, state: NavigationState)? {
                guard note == nil, let instance = sample.instance else { return nil }
                for reach in [Self.reach(instance, signedIn: signedIn, kind: kind, replay: replay), byEngine ? AuditState.Reach(instance, signedIn: signedIn) : nil] {
                    guard let reach, let state = replay.landing(.screen(reach)), app.navigation.currentScreen(in: state).name == route.name else { continue }
                    return (reach, state)
                }
                return nil
            }
            let reached = reaching(signedIn: guarded)
            let reach = reached?.reach
            let shown = looks(reached?.state)
            let name = Self.name(route, title: shown?.title)
            states.append(AuditState(id: "\(kind.rawValue):\(route.name)", kind: kind, name: name, recipe: reach.map { .screen($0) },
                                     note: note ?? (reached == nil ? Self.unreached : nil), shownRoute: route.name))
            if guarded {
                // Asked as a person asks — the way to it taken signed out — where that meets the
                // sign-in; else by the engine.
                let signIn = definition.navigation.signIn?.route
                let signedOut = [reach.map { AuditState.Reach($0.instance, signedIn: false, moves: $0.moves) }, sample.instance.map { AuditState.Reach($0, signedIn: false) }]
                    .compactMap(\.self).first { replay.landing(.signedOut($0)).map { app.navigation.currentScreen(in: $0).name } == signIn }
                states.append(AuditState(id: "signed-out:\(route.name)", kind: .signedOut, name: name + ", signed out",
                                         recipe: signedOut.map { .signedOut($0) }, note: sample.note,
                                         shownRoute: definition.navigation.signIn?.route ?? route.name))
            } else if canSignIn, reach != nil, kind == .screen, route.name != definition.navigation.signIn?.route,
                      let signedIn = reaching(signedIn: true, byEngine: false), let shown, let other = looks(signedIn.state), other.content != shown.content {
                states.append(AuditState(id: "signed-in:\(route.name)", kind: .signedIn, name: Self.name(route, title: other.title) + ", signed in",
                                         recipe: .screen(signedIn.reach), shownRoute: route.name))
            }
            states += Self.overlays(of: route, name: name, reach: reach, replay: replay)
        }
        if definition.alerts[WellKnownAlert.invalidLink.id] != nil {
            states.append(AuditState(id: "invalid-link", kind: .invalidLink, name: "A link that names nothing openable", recipe: .invalidLink,
                                     shownRoute: definition.navigation.currentScreen(in: definition.navigation.initialState).name))
        }
        states.append(AuditState(id: "not-found", kind: .notFound, name: "An address that names no screen",
                                 recipe: .notFound(path: Self.unusedPath(in: definition.navigation)), shownRoute: nil))
        self.states = Self.distinguished(states, in: definition.navigation)
    }

    /// How many states of each kind.
    var counts: [AuditState.Kind: Int] {
        Dictionary(grouping: states, by: \.kind).mapValues(\.count)
    }

    /// The state with `id`.
    func state(_ id: String) -> AuditState? {
        states.first { $0.id == id }
    }

    /// A route's name in the inventory: its title as its page shows it, filled from the sample
    /// record; the route's name when it has no title.
    private static func name(_ route: RouteDefinition, title: String?) -> String {
        let title = title.flatMap { AppData.hasPlaceholders($0) || $0.isEmpty ? nil : $0 }
            ?? (AppData.hasPlaceholders(route.title) || route.title.isEmpty ? nil : route.title)
        return title ?? route.name.rawValue
    }

    /// `states` with every name two of them share followed by the route's path and the kind.
    private static func distinguished(_ states: [AuditState], in navigation: NavigationDefinition) -> [AuditState] {
        let shared = Dictionary(grouping: states, by: \.name).filter { $0.value.count > 1 }
        return states.map { state in
            guard shared[state.name] != nil else { return state }
            var named = state
            let path = state.recipe?.reach.flatMap { navigation.route($0.instance.name)?.path } ?? state.shownRoute.flatMap { navigation.route($0)?.path }
            named.name += " (" + [path, state.kind.rawValue].compactMap(\.self).joined(separator: ", ") + ")"
            return named
        }
    }

    /// What a state the app does not reach says.
    static let unreached = "no way a person takes reaches it from the app's start: no address typed, and none through its buttons and tabs"
        + " within \(AuditReplay.maximumSteps) presses"

    /// How a person reaches `instance`: a modal over a screen posting an action that presents
    /// it, with that screen's sample record, when one presents `instance` itself; else its
    /// address typed, when a typed address shows it; else the shortest way through the app's
    /// buttons and tabs from its start. Nil when none does.
    private static func reach(_ instance: RouteInstance, signedIn guarded: Bool, kind: AuditState.Kind, replay: AuditReplay) -> AuditState.Reach? {
        let app = replay.app
        func way(to instance: RouteInstance, signedIn: Bool) -> AuditState.Reach? {
            replay.isTyped(instance, signedIn: signedIn) ? AuditState.Reach(instance, signedIn: signedIn) : replay.path(to: instance, signedIn: signedIn)
        }
        // The sign-in is shown by a guard: asked for a guarded screen, signed out.
        if instance.name == app.navigation.signIn?.route, !replay.isTyped(instance, signedIn: false),
           let guardedScreen = replay.firstGuardedScreen {
            return AuditState.Reach(guardedScreen, signedIn: false)
        }
        guard kind == .modal else { return way(to: instance, signedIn: guarded) }
        for route in app.app.navigation.routes where route.name != instance.name {
            let presenters = (app.offeredActions[route.name] ?? []).sorted().filter { FlowMap.targets(of: $0, in: app.app).contains(instance.name) }
            guard !presenters.isEmpty else { continue }
            // Signed in before, or by the presenting action itself (a prompt shown after signing in).
            let signedIn = guarded || app.app.navigation.requiresSignIn(route.name)
            let tries = app.app.navigation.requiresSignIn(route.name) == signedIn ? [signedIn] : [false, true]
            for signedIn in tries {
                guard let presenter = Self.sample(route, in: app.app, signedIn: signedIn).instance, let base = way(to: presenter, signedIn: signedIn) else { continue }
                for action in presenters {
                    let reach = AuditState.Reach(base.instance, signedIn: signedIn, moves: base.moves + [.action(action)])
                    // The sample record itself: an action making a new one shows an empty modal, which a link to the sample does not.
                    if let landed = replay.landing(.screen(reach)), app.navigation.currentScreen(in: landed) == instance { return reach }
                }
            }
        }
        return way(to: instance, signedIn: guarded)
    }

    /// The form errors, alerts and toasts the actions `route`'s screen posts can show over it;
    /// `reach` nil when its screen cannot be opened.
    private static func overlays(of route: RouteDefinition, name: String, reach: AuditState.Reach?, replay: AuditReplay) -> [AuditState] {
        let definition = replay.app.app
        let actions = (replay.app.offeredActions[route.name] ?? []).sorted().compactMap { definition.actions[$0] }
        var states: [AuditState] = []
        var seen: Set<String> = []
        func add(_ kind: AuditState.Kind, _ key: String, _ label: String, _ recipe: (AuditState.Reach) -> AuditState.Recipe) {
            let id = "\(kind.rawValue):\(route.name):\(key)"
            guard seen.insert(id).inserted else { return }
            states.append(AuditState(id: id, kind: kind, name: "\(label) on \(name)", recipe: reach.map(recipe),
                                     note: reach == nil ? "its screen cannot be opened" : nil, shownRoute: route.name))
        }
        for action in actions {
            // Errors a person can cause: of a field they fill, not of a hidden one the page fills.
            if let form = action.form, let rules = definition.forms[form],
               FormCheck.errors(in: [:], for: rules).keys.contains(where: { name in rules.fields.contains { $0.name == name && $0.type != .hidden } }) {
                add(.formErrors, form, "Form “\(form)” with its errors") { .formErrors($0, action: action.id) }
            }
            for id in Self.alerts(of: action.steps, in: definition) where definition.alerts[id] != nil {
                let alert = definition.alerts[id]
                let kind: AuditState.Kind = alert?.buttons.contains { $0.action != nil } == true ? .confirmation : .alert
                add(kind, id, "“\(alert?.title ?? id)”") { .alert($0, alert: id) }
            }
            for shown in Self.toasts(of: action, in: definition) where seen.insert("toast:\(route.name):\(shown.toast)").inserted {
                states.append(Self.toast(shown, on: route, name: name, reach: reach, replay: replay))
            }
        }
        if let leave = definition.leaveGuards[route.name], let alert = definition.alerts[leave.alert] {
            add(.confirmation, leave.alert, "“\(alert.title)” (unsaved changes)") { .alert($0, alert: leave.alert) }
        }
        return states
    }

    /// The state of a toast an action of `route`'s screen shows: where the app lands once the
    /// action is replayed, its message filled as the app fills it.
    private static func toast(_ shown: Shown, on route: RouteDefinition, name: String, reach: AuditState.Reach?, replay: AuditReplay) -> AuditState {
        let app = replay.app
        let id = "toast:\(route.name):\(shown.toast)"
        let recipe = reach.map { AuditState.Recipe.toast($0, actions: shown.actions, toast: shown.toast, outcomes: shown.outcomes) }
        let landed = recipe.flatMap(replay.landing)
        let notice = landed?.toasts.last { $0.name == shown.toast }
        let message = PageModel.fill(app.app.toasts[shown.toast] ?? shown.toast, with: notice?.values ?? [:])
        let landing = landed.map { app.navigation.currentScreen(in: $0).name }
        let label = (shown.actions.last ?? "").replacingOccurrences(of: "-", with: " ")
        var named = "Toast “\(message)” after “\(label)” on \(name)"
        if let landing, landing != route.name { named += ", landing on \(app.spokenName(landing))" }
        let note = reach == nil ? "its screen cannot be opened" : landed == nil ? "replaying “\(label)” does not show it" : nil
        return AuditState(id: id, kind: .toast, name: named, recipe: landed == nil ? nil : recipe, note: note, shownRoute: landing ?? route.name)
    }

    /// The alerts `steps` show, through its effects' outcomes.
    private static func alerts(of steps: [ActionStep], in app: AppDefinition) -> [String] {
        steps.flatMap { step -> [String] in
            switch step {
            case .effect(_, _, let success, let failure): alerts(of: success, in: app) + alerts(of: failure, in: app)
            case .alert(let id): [id]
            default: []
            }
        }
    }

    /// A toast an action shows: the actions that show it in turn (a screen's, then a button's of
    /// the alert it shows), and the outcome each effect on the way takes.
    private typealias Shown = (toast: String, actions: [String], outcomes: [String: Bool])

    /// The toasts `action` shows — itself, or an action of a button of an alert it shows (the
    /// "Delete" of a confirmation).
    private static func toasts(of action: ActionDefinition, in app: AppDefinition, before: [String] = []) -> [Shown] {
        let actions = before + [action.id]
        func walk(_ steps: [ActionStep], _ outcomes: [String: Bool]) -> [Shown] {
            steps.flatMap { step -> [Shown] in
                switch step {
                case .toast(let id) where app.toasts[id] != nil:
                    return [(id, actions, outcomes)]
                case .effect(let name, _, let success, let failure):
                    return walk(success, outcomes.merging([name: true]) { $1 }) + walk(failure, outcomes.merging([name: false]) { $1 })
                case .alert(let id):
                    let buttons = (app.alerts[id]?.buttons ?? []).compactMap(\.action).filter { !actions.contains($0) }
                    return buttons.compactMap { app.actions[$0] }.flatMap { toasts(of: $0, in: app, before: actions) }
                default:
                    return []
                }
            }
        }
        return walk(action.steps, [:])
    }

    /// An instance of `route` with sample values for its required parameters, or why there is
    /// none; `signedIn`, a record of the first fixture account's own may fill one too.
    static func sample(_ route: RouteDefinition, in app: AppDefinition, signedIn: Bool) -> (instance: RouteInstance?, note: String?) {
        let bindings = app.routeData[route.name]?.bindings ?? []
        let account = app.fixtures.accounts.first
        let owners: Set<String?> = signedIn ? [nil, account?.email] : [nil]
        var values: [String: String] = [:]
        for parameter in route.parameters where parameter.isRequired {
            let collection = bindings.first { $0.parameter == parameter.name }?.collection
            let candidates = [
                collection.flatMap { name in app.data.fixtures.first { $0.collection == name && owners.contains($0.account) }?.id },
                parameter.name == "token" ? app.fixtures.tokens.first { $0.purpose.rawValue == route.name.rawValue && $0.isValid }?.value : nil,
                parameter.name == "email" ? account?.email : nil,
                parameter.defaultValue,
            ].compactMap { $0 } + (collection == nil ? ["sample", "1", "true", "1.5"] : [])
            guard let value = candidates.first(where: { app.navigation.accepts($0, for: parameter) }) else {
                let why = collection.map { "its collection '\($0)' has no fixture record to show" } ?? "no sample value fits it"
                return (nil, "no sample for the parameter '\(parameter.name)': \(why)")
            }
            values[parameter.name] = value
        }
        let instance = RouteInstance(route.name, values)
        do {
            try app.navigation.check(instance)
            return (instance, nil)
        } catch {
            return (nil, "its sample parameters do not fit: \(error)")
        }
    }

    /// A path no route of `navigation` answers.
    private static func unusedPath(in navigation: NavigationDefinition) -> String {
        var path = "/no-such-screen"
        while navigation.routeInstance(path: Substring(path)) != nil { path += "/no-such-screen" }
        return path
    }
}
