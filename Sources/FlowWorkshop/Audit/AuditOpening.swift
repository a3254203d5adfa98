import FlowDefinition
import FlowPages
import Navigation

/// The navigation state of an ``AuditState/Recipe``, built from the app's start by the engine as
/// a person would reach it: the stack beneath as a link to the screen builds it, then the alert
/// or form errors the state shows. What takes an action of the app's is ``AuditReplay``'s.
struct AuditOpening {
    let app: MountedApp
    /// The account a signed-in state signs in as: the app's first fixture account.
    let accountID: Int?

    /// The state `recipe` names over `reached`, the screen its ``AuditState/Recipe/reach``
    /// reached (nil for the pages of their own): the form's errors or the alert shown; a toast's
    /// state is replayed (``AuditReplay``), not made here. Nil when the state cannot be made.
    func state(_ recipe: AuditState.Recipe, on reached: NavigationState?) -> NavigationState? {
        switch recipe {
        case .screen, .signedOut:
            return reached
        case .formErrors(_, let action):
            guard var state = reached, let action = app.app.actions[action], let form = action.form else { return nil }
            let interpreter = ActionInterpreter(app: app.app, navigator: app.navigator, now: 0)
            state.formErrors = Notice(form, values: interpreter.validate(.action(action), form: [:]))
            return state
        case .alert(_, let alert):
            guard var state = reached else { return nil }
            state.alert = Notice(alert)
            return state
        case .toast:
            return nil
        case .invalidLink:
            var state = app.navigator.initialState
            state.alert = Notice(WellKnownAlert.invalidLink.id)
            return state
        case .notFound:
            return nil
        }
    }

    /// `instance` reached from the start, signed in as the app's first fixture account when asked.
    func reach(_ instance: RouteInstance, signedIn: Bool) -> NavigationState? {
        route(to: instance, signedIn: signedIn)?.state
    }

    /// The screens a person opens on the way to `instance`, in order — `instance` alone, or
    /// the root of its modal first —, and the state they lead to.
    func route(to instance: RouteInstance, signedIn: Bool) -> (screens: [RouteInstance], state: NavigationState)? {
        var start = app.navigator.initialState
        if signedIn {
            guard let account = accountID,
                  case .success(let transition) = app.navigator.execute(.signIn(userID: String(account)), on: start) else { return nil }
            start = transition.state
        }
        switch navigate(to: instance, from: start) {
        case .success(let state):
            return ([instance], state)
        case .failure(.inactiveFlow(_, let flow, _)):
            // A screen of another flow (the app's main flow from its onboarding): that flow first.
            guard case .success(let moved) = app.navigator.execute(.changeFlow(flow), on: start),
                  let state = try? navigate(to: instance, from: moved.state).get() else { return nil }
            return ([instance], state)
        case .failure:
            // A later step of a modal whose root takes parameters (an export of the open canvas):
            // the root first, with the values it shares with the step, as the app opens it.
            guard let root = rootOfOwner(of: instance), root.name != instance.name,
                  case .success(let opened) = navigate(to: root, from: start),
                  let state = try? app.navigator.execute(.navigate(instance, source: .direct), on: opened).get().state else { return nil }
            return ([root, instance], state)
        }
    }

    /// The root screen of the stack that owns `instance`'s route, with the parameters of
    /// `instance` the root declares.
    private func rootOfOwner(of instance: RouteInstance) -> RouteInstance? {
        guard let owner = app.navigation.route(instance.name)?.owner, let stack = Self.coordinator(owner, in: app.navigation.root),
              case .stack(let root, _) = stack.kind, let rootRoute = app.navigation.route(root) else { return nil }
        return RouteInstance(root, instance.parameters.filter { name, _ in rootRoute.parameter(name) != nil })
    }

    private static func coordinator(_ id: CoordinatorID, in node: CoordinatorDefinition) -> CoordinatorDefinition? {
        if node.id == id { return node }
        for child in node.children + node.modals {
            if let found = coordinator(id, in: child) { return found }
        }
        return nil
    }

    private func navigate(to instance: RouteInstance, from state: NavigationState) -> Result<NavigationState, NavigationError> {
        app.navigator.execute(.navigate(instance, source: .deepLink), on: app.openingBeneath(instance, from: state)).map(\.state)
    }
}
