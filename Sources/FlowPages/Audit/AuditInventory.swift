import FlowDefinition
import Navigation

/// Every state an app declares, for an auditor to walk: worked out from `app.xml`, the screens'
/// templates (which actions each posts) and the app's fixtures, with no code that names an app.
///
/// - each route, with sample parameters: a record of its collection from the app's data, the
///   documented account's email and token, else its default, else a placeholder its kind and
///   pattern take;
///   a modal route is listed as a modal, opened over the screen a link to it shows beneath it;
/// - each form a screen posts whose rules refuse it empty, with those errors showing;
/// - each alert an action of a screen shows (a confirmation when a button of it runs an action),
///   and each screen's unsaved-changes alert; each toast an action of a screen shows;
/// - each guarded screen as a visitor meets it (the sign-in asked first), and signed in as the
///   app's first fixture account;
/// - the invalid-link alert, when the app has one, and the page for an address that names nothing.
struct AuditInventory: Sendable {
    let states: [AuditState]

    init(_ app: MountedApp) {
        var states: [AuditState] = []
        let definition = app.app
        let canSignIn = !app.fixtureAccountIDs.isEmpty
        for route in definition.navigation.routes {
            // A title filled from records ("{coin.name}") says little on its own: the route's name first.
            let name = route.title.isEmpty ? route.name.rawValue
                : AppData.hasPlaceholders(route.title) ? "\(route.name.rawValue) (“\(route.title)”)" : route.title
            let guarded = definition.navigation.requiresSignIn(route.name)
            let kind: AuditState.Kind = definition.navigation.isShownInModal(route.name) ? .modal : .screen
            let sample = Self.sample(route, in: definition, signedIn: guarded)
            let note = sample.note ?? (guarded && !canSignIn ? "guarded, and the app has no fixture account to sign in with" : nil)
            let instance = note == nil ? sample.instance : nil
            states.append(AuditState(id: "\(kind.rawValue):\(route.name)", kind: kind, name: name,
                                     recipe: instance.map { .screen($0, signedIn: guarded) }, note: note))
            if guarded {
                states.append(AuditState(id: "signed-out:\(route.name)", kind: .signedOut, name: name + ", signed out",
                                         recipe: sample.instance.map { .signedOut($0) }, note: sample.note))
            }
            states += Self.overlays(of: route, name: name, instance: instance, guarded: guarded, app: app)
        }
        if definition.alerts[WellKnownAlert.invalidLink.id] != nil {
            states.append(AuditState(id: "invalid-link", kind: .invalidLink, name: "A link that names nothing openable", recipe: .invalidLink))
        }
        states.append(AuditState(id: "not-found", kind: .notFound, name: "An address that names no screen",
                                 recipe: .notFound(path: Self.unusedPath(in: definition.navigation))))
        self.states = states
    }

    /// How many states of each kind.
    var counts: [AuditState.Kind: Int] {
        Dictionary(grouping: states, by: \.kind).mapValues(\.count)
    }

    /// The state with `id`.
    func state(_ id: String) -> AuditState? {
        states.first { $0.id == id }
    }

    /// The form errors, alerts and toasts the actions `route`'s screen posts can show over it.
    private static func overlays(of route: RouteDefinition, name: String, instance: RouteInstance?, guarded: Bool, app: MountedApp) -> [AuditState] {
        let definition = app.app
        let actions = (app.offeredActions[route.name] ?? []).sorted().compactMap { definition.actions[$0] }
        var states: [AuditState] = []
        var seen: Set<String> = []
        func add(_ kind: AuditState.Kind, _ key: String, _ label: String, _ recipe: (RouteInstance) -> AuditState.Recipe) {
            let id = "\(kind.rawValue):\(route.name):\(key)"
            guard seen.insert(id).inserted else { return }
            states.append(AuditState(id: id, kind: kind, name: "\(label) on \(name)", recipe: instance.map(recipe),
                                     note: instance == nil ? "its screen cannot be opened" : nil))
        }
        for action in actions {
            if let form = action.form, let rules = definition.forms[form], !FormCheck.errors(in: [:], for: rules).isEmpty {
                add(.formErrors, form, "Form “\(form)” with its errors") { .formErrors($0, signedIn: guarded, action: action.id) }
            }
            for step in Self.steps(of: action.steps, in: definition) {
                switch step {
                case .alert(let id) where definition.alerts[id] != nil:
                    let alert = definition.alerts[id]
                    let kind: AuditState.Kind = alert?.buttons.contains { $0.action != nil } == true ? .confirmation : .alert
                    add(kind, id, "“\(alert?.title ?? id)”") { .alert($0, signedIn: guarded, alert: id) }
                case .toast(let id) where definition.toasts[id] != nil:
                    add(.toast, id, "Toast “\(definition.toasts[id] ?? id)”") { .toast($0, signedIn: guarded, toast: id) }
                default:
                    continue
                }
            }
        }
        if let leave = definition.leaveGuards[route.name], let alert = definition.alerts[leave.alert] {
            add(.confirmation, leave.alert, "“\(alert.title)” (unsaved changes)") { .alert($0, signedIn: guarded, alert: leave.alert) }
        }
        return states
    }

    /// Every step of `steps`, with those an effect's outcome runs and those the actions of an
    /// alert's buttons run ("Delete" in a confirmation, and the toast it shows).
    private static func steps(of steps: [ActionStep], in app: AppDefinition, seen: Set<String> = []) -> [ActionStep] {
        steps.flatMap { step -> [ActionStep] in
            switch step {
            case .effect(_, _, let success, let failure):
                return [step] + Self.steps(of: success, in: app, seen: seen) + Self.steps(of: failure, in: app, seen: seen)
            case .alert(let id):
                let actions = (app.alerts[id]?.buttons ?? []).compactMap(\.action).filter { !seen.contains($0) }
                return [step] + actions.flatMap { action in
                    app.actions[action].map { Self.steps(of: $0.steps, in: app, seen: seen.union([action])) } ?? []
                }
            default:
                return [step]
            }
        }
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
                parameter.name == "token" ? app.fixtures.tokens.first { $0.purpose == route.name.rawValue && $0.isValid }?.value : nil,
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
