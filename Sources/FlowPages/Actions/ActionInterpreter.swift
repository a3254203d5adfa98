import FlowDefinition
import FlowStore
import Navigation

/// Applies a post's command to a session's state: navigation, the steps of an action, its
/// effects' outcomes and the messages they show. Pure: effects run through the runner it is
/// given, so it is tested without HTTP or SQL, and the caller commits what it returns.
///
/// Every navigation of an action must succeed; one that is refused (a full stack, an inactive
/// flow) refuses the whole action with ``ActionRefused`` and nothing of it is kept.
package struct ActionInterpreter {
    let app: AppDefinition
    let navigator: Navigator
    /// When the post arrived, for its events.
    let now: Int64

    /// An interpreter of `app`'s actions, moving through `navigator`, for a post that arrived `now`.
    package init(app: AppDefinition, navigator: Navigator, now: Int64) {
        self.app = app
        self.navigator = navigator
        self.now = now
    }

    /// Runs one effect step of an action, changing the state only through its argument.
    package typealias EffectRunner = (EffectCall, inout NavigationState) throws -> EffectOutcome

    /// The state a command leads to, and the events it adds.
    package struct Result {
        /// The state the command leads to.
        package var state: NavigationState
        /// The state the command started from, with the post's fields kept as a draft: what
        /// leaving a form with unsaved changes is judged from.
        fileprivate(set) var drafted: NavigationState
        var events: [StoredEvent] = []
        /// Values that messages shown later fill in (`{email}`).
        fileprivate var values: [String: String] = [:]
        /// The modal the action was posted from, if any.
        fileprivate var postedInModal: CoordinatorID?
    }

    /// What the form an action posts fails of its rules, field name → message; empty when it
    /// passes or the command posts no form. `options` are its choice fields' options as the
    /// session sees them; by default those `app.xml` lists.
    package func validate(_ command: PostCommand, form: [String: String], options: [String: [ChoiceDefinition.Option]] = [:]) -> [String: String] {
        guard case .action(let action) = command, let formID = action.form, let definition = app.forms[formID] else { return [:] }
        return FormCheck.errors(in: form, for: definition, options: options)
    }

    /// Applies `command` with the posted `form` to `state`; `errors` is what
    /// ``validate(_:form:options:)`` found, when the caller has already checked the form.
    /// - Throws: ``ActionRefused`` when a navigation is refused; what `effects` throws.
    package func run(_ command: PostCommand, form: [String: String], errors: [String: String]? = nil, on state: NavigationState,
             data: DataRunner = .none, effects: EffectRunner) throws -> Result {
        var result = try perform(command, form: form, errors: errors, on: state, data: data, effects: effects)
        // A navigation held for an alert is carried out only by that alert's answer.
        if result.state.alert == nil { result.state.heldNavigation = nil }
        return result
    }

    private func perform(_ command: PostCommand, form: [String: String], errors: [String: String]?, on state: NavigationState,
                         data: DataRunner, effects: EffectRunner) throws -> Result {
        var result = Result(state: state, drafted: state)
        result.state.formErrors = nil
        // Every button of a form posts its fields on the way (Close, a tab, an action), so what
        // was typed is kept even when the button does not submit it.
        result.state = try drafted(result.state, form: form)
        result.drafted = result.state
        switch command {
        case .back, .dismiss:
            // Back and Close answer an alert first, unless only its buttons may.
            if let alert = result.state.alert {
                if app.alerts[alert.name]?.isDismissible != false { result.state.alert = nil }
                return result
            }
            guard case .back = command else {
                result.state = try navigate(.dismissModal, result.state)
                return result
            }
            // Seed 000 §13: the screen Back was pressed on, and how deep its stack was.
            let depth = app.navigation.screen(in: result.state).breadcrumbs.count
            var pressed = event(.backButtonPressed, result.state)
            pressed.depth = depth
            result.events.append(pressed)
            result.state = try navigate(.back, result.state)
        case .tab(let tab):
            result.state = try navigate(.selectTab(tab), result.state)
        case .startOver:
            result.state.alert = nil
            result.state = try navigate(.resetFlow, result.state)
        case .discard:
            // Carried out by the caller, which knows what was held; alone it answers the alert.
            result.state.alert = nil
        case .keep:
            // The draft, kept above, is all it does.
            break
        case .hideAppBanner:
            result.state.flags.insert(FallbackOutcome.dismissedFlag)
            var dismissed = event(.deepLinkFallback, result.state)
            dismissed.outcome = FallbackOutcome.dismissed.rawValue
            result.events.append(dismissed)
        case .action(let action):
            try perform(action, form: form, errors: errors ?? validate(command, form: form), from: state, into: &result, data: data, effects: effects)
        }
        return result
    }

    /// An action of `app.xml`, posted from `state` with `form`: refused with its form's `errors`,
    /// or its steps applied to `result`.
    private func perform(
        _ action: ActionDefinition, form: [String: String], errors: [String: String], from state: NavigationState, into result: inout Result,
        data: DataRunner, effects: EffectRunner
    ) throws {
        // Pressing an alert's button answers the alert.
        result.state.alert = nil
        if let formID = action.form, !errors.isEmpty {
            result.state.formErrors = Notice(formID, values: errors)
            return
        }
        let fields = self.fields(of: action, posted: form, on: state)
        result.values = fields.filter { !FormCheck.isPassword($0.key, in: app) }
        result.postedInModal = state.modal?.coordinator
        let checkboxes = Set(action.form.flatMap { app.forms[$0] }?.fields.filter { $0.type == .checkbox }.map(\.name) ?? [])
        var sources = ActionSources(form: fields, checkboxes: checkboxes, screen: screenValues(state))
        let succeeded = try apply(action.steps, action: action, sources: &sources, to: &result, data: data, effects: effects)
        // What was typed is done with once its action succeeds. A screen the action left goes
        // with its draft; one it covered (the next step of a sign-up pushed over it) keeps the
        // draft until it is left, so Back finds it as it was, as in the app.
        let screen = app.navigation.currentScreen(in: state)
        if succeeded, let formID = action.form, app.navigation.currentScreen(in: result.state) == screen {
            result.state.clearDraft(form: formID, on: screen)
        }
    }

    /// Signs out a session whose sign-in a tester expired, keeping where it was to resume after
    /// signing in again, and shows the app's `session-expired` alert; nil when it was not expired.
    func expireSession(_ state: NavigationState) -> Result? {
        guard state.flags.contains(TesterFlag.expired) else { return nil }
        var result = Result(state: state, drafted: state)
        result.state.flags.remove(TesterFlag.expired)
        result.state.formErrors = nil
        guard result.state.userID != nil, case .success(let transition) = navigator.execute(.signOut(keepDestination: true), on: result.state) else {
            return result
        }
        result.state = transition.state
        if app.alerts[WellKnownAlert.sessionExpired.id] != nil { result.state.alert = Notice(WellKnownAlert.sessionExpired.id) }
        result.events.append(event(.sessionExpired, result.state, source: .autoRedirect))
        return result
    }

    /// What `action` reads of a post: the fields its form declares, as posted; any other name only
    /// from the parameters of the screen it was posted on (a reset link's token), never from the
    /// post — so no step or effect sees a field the page did not ask for.
    package func fields(of action: ActionDefinition, posted: [String: String], on state: NavigationState) -> [String: String] {
        let declared = Set(action.form.flatMap { app.forms[$0] }?.fields.map(\.name) ?? [])
        var fields = posted.filter { declared.contains($0.key) }
        for (name, value) in screenValues(state) where !declared.contains(name) { fields[name] = value }
        return fields
    }

    /// The parameters of the current screen of `state`; one the screen leaves out reads as its
    /// default, as its page shows it.
    private func screenValues(_ state: NavigationState) -> [String: String] {
        let screen = app.navigation.currentScreen(in: state)
        return app.navigation.route(screen.name)?.values(of: screen) ?? screen.parameters
    }

    /// Every effect an action's steps may run, on either branch, in order.
    package static func effectCalls(of steps: [ActionStep], formID: String?, form: [String: String]) -> [EffectCall] {
        steps.flatMap { step -> [EffectCall] in
            guard case .effect(let name, let purpose, let success, let failure) = step else { return [] }
            return [EffectCall(name: name, purpose: purpose, formID: formID, form: form)] + effectCalls(of: success + failure, formID: formID, form: form)
        }
    }

    /// The screen a step leads to, its parameters from their sources. A record that does not
    /// exist is a link to nothing: the whole action is refused.
    private func target(_ route: RouteName, _ parameters: [ActionParameter], sources: ActionSources, data: DataRunner) throws -> RouteInstance {
        var values: [String: String] = [:]
        let definition = app.navigation.route(route)
        for parameter in parameters { values[parameter.name] = sources.value(parameter.source, for: definition?.parameter(parameter.name)?.kind) }
        let target = RouteInstance(route, values)
        if (try? app.navigation.check(target)) != nil, try !data.exists(target) { throw ActionRefused.notFound }
        return target
    }

    /// Applies `steps` in order; false when an effect failed (its failure steps then ran) or a
    /// tester's armed failure stopped them.
    private func apply(
        _ steps: [ActionStep], action: ActionDefinition, sources: inout ActionSources, to result: inout Result, data: DataRunner, effects: EffectRunner
    ) throws -> Bool {
        let form = sources.form
        for step in steps {
            switch step {
            case .navigate(let route, let parameters), .detour(let route, let parameters):
                let target = try self.target(route, parameters, sources: sources, data: data)
                let command: NavigationCommand = if case .detour = step {
                    .presentDetour(target, source: .direct)
                } else {
                    .navigateInContent(target)
                }
                result.state = try navigate(command, result.state)
            case .popUpTo(let popped, let inclusive, let then, let parameters, let singleTop):
                let target = try then.map { try self.target($0, parameters, sources: sources, data: data) }
                result.state = try navigate(.popUpTo(popped, inclusive: inclusive, then: target, singleTop: singleTop), result.state)
            case .data(let write):
                if failArmedSubmit(&result) { return false }
                if let created = try data.write(write, sources.value) { sources.created[write.collection] = created }
            case .replace(let route):
                result.state = try navigate(.navigate(RouteInstance(route), source: .direct), result.state)
            case .back:
                result.state = try navigate(.back, result.state)
            case .dismiss:
                // An earlier step already closed the modal the action was posted from — signing in
                // closes its own sheet, resuming where the person was going: nothing is left to close.
                if let posted = result.postedInModal, result.state.modal?.coordinator != posted { continue }
                result.state = try navigate(.dismissModal, result.state)
            case .changeFlow(let flow):
                result.state = try navigate(.changeFlow(flow), result.state)
            case .setFlag(let flag):
                result.state.flags.insert(flag)
            case .toast(let name):
                result.state.addToast(Notice(name, values: result.values))
            case .alert(let name):
                result.state.alert = Notice(name, values: result.values)
            case .track(let funnel, let name, let number):
                var step = event(.funnelStep, result.state)
                (step.funnel, step.step, step.stepNumber) = (funnel, name, number)
                result.events.append(step)
            case .effect(let name, let purpose, let onSuccess, let onFailure):
                if failArmedSubmit(&result) { return false }
                let outcome: EffectOutcome
                do {
                    outcome = try effects(EffectCall(name: name, purpose: purpose, formID: action.form, form: form), &result.state)
                } catch let error as NavigationError {
                    // An effect's own navigation (sign-in resuming where it was going) must work too.
                    throw ActionRefused(reason: error)
                }
                switch outcome {
                case .success(let values):
                    result.values.merge(values) { _, new in new }
                    guard try apply(onSuccess, action: action, sources: &sources, to: &result, data: data, effects: effects) else { return false }
                case .failure(let errors):
                    if !errors.isEmpty { result.state.formErrors = Notice(action.form ?? action.id, values: errors) }
                    _ = try apply(onFailure, action: action, sources: &sources, to: &result, data: data, effects: effects)
                    return false
                }
            }
        }
        return true
    }

    /// A submit failed on purpose when a tester armed a failure (``TesterFlag``): the app's
    /// alert for it, or an error toast, and the `error_shown` event; false when none was armed.
    private func failArmedSubmit(_ result: inout Result) -> Bool {
        guard let alert = TesterFlag.failArmedSubmit(&result.state, alerts: Set(app.alerts.keys)) else { return false }
        result.events.append(event(.errorShown, result.state, detail: alert.id))
        return true
    }

    /// `state` keeping the fields of the form a post came from (named by its `form` field) as a
    /// draft of the screen it was posted on, so they are there again after an error, a reload or
    /// a screen shown over it and closed; never passwords.
    private func drafted(_ state: NavigationState, form: [String: String]) throws(ActionRefused) -> NavigationState {
        guard let id = form["form"], let definition = app.forms[id] else { return state }
        var state = state
        do {
            try state.saveDraft(FormCheck.draft(of: form, for: definition), form: id, on: app.navigation.currentScreen(in: state))
        } catch {
            throw ActionRefused(reason: error)
        }
        return state
    }

    private func navigate(_ command: NavigationCommand, _ state: NavigationState) throws(ActionRefused) -> NavigationState {
        switch navigator.execute(command, on: state) {
        case .success(let transition): return transition.state
        case .failure(let error): throw ActionRefused(reason: error)
        }
    }

    private func event(_ kind: EventKind, _ state: NavigationState, source: NavigationSource? = nil, detail: String? = nil) -> StoredEvent {
        StoredEvent(time: now, app: app.id, kind: kind, screen: app.navigation.currentScreen(in: state).name.rawValue,
                    source: source?.analyticsName, detail: detail)
    }
}
