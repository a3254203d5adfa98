import FlowDefinition
import HTTPServer
import Navigation
import SQLiteStore

extension AppHost {
    /// The notice shown when a post came from a page that no longer matches the session.
    static let outOfDate = "flowpages.out-of-date"
    /// Fields every form carries for the server, never kept as drafts.
    static let reservedFields: Set<String> = ["csrf", "screen", "form"]

    /// A navigation or action POST: checked (CSRF, same origin), reconciled with the page it
    /// came from, applied atomically, and answered 303 to the new current screen.
    func post(_ request: HTTPRequest, path: String) throws -> HTTPResponse {
        try retryingConflicts { try applyPost(request, path: path) }
    }

    /// Runs `body` again, on the newer state, when another request of the same session saved
    /// first (two tabs); after three tries the person is asked to reload.
    func retryingConflicts(_ body: () throws -> HTTPResponse) throws -> HTTPResponse {
        for _ in 1..<3 {
            do {
                return try body()
            } catch is SessionConflict {
                continue
            }
        }
        do {
            return try body()
        } catch is SessionConflict {
            throw HTTPError(.conflict, "The session kept changing; reload the page.")
        }
    }

    private func applyPost(_ request: HTTPRequest, path: String) throws -> HTTPResponse {
        try origins.check(request)
        let form = try request.form()
        var visit = try Visit.open(request, host: self)
        guard visit.hasCookie, let token = form["csrf"], Secret.constantTimeEqual(token, visit.csrfToken) else {
            throw HTTPError(.forbidden, "This form is not from this session; reload the page and try again.")
        }
        visit.allowWrites()
        if let tool = try tool(path, visit: &visit, request: request) { return tool }
        let command = try self.command(for: path)
        var run = ActionRun(state: visit.state)
        run.state.formErrors = nil
        if applySessionExpiry(&run) {
            try visit.commit(run.state, source: .autoRedirect, host: self, events: run.events)
            return visit.redirectToCurrentScreen(host: self, request: request)
        }
        // DECISIONS 2: reconcile to the screen the form was on, or refuse a post from a page
        // that is no longer part of the session.
        if let posted = form["screen"], posted != urls.screen(app.navigation.currentScreen(in: run.state)) {
            // A visitor's first post comes from a screen worked out from its URL alone: it is
            // worked out again here, as its GET did. Later posts must come from a screen the
            // session still shows.
            guard let screen = screen(at: posted), !visit.isStored || isStillShown(screen, in: run.state),
                  let reconciled = reconcile(run.state, to: screen) else {
                run.state.addToast(Notice(Self.outOfDate))
                try visit.commit(run.state, source: .direct, host: self)
                return visit.redirectToCurrentScreen(host: self, request: request)
            }
            run.state = reconciled
        }
        try apply(command, form: form, to: &run)
        let source: NavigationSource = switch command {
        case .back, .dismiss: .back
        case .tab: .tabSwitch
        case .action: .direct
        }
        try visit.commit(run.state, source: source, host: self, events: run.events)
        return visit.redirectToCurrentScreen(host: self, request: request)
    }

    /// The state showing `screen`, navigated to from `state` as a GET of its URL would; nil when
    /// the engine lands elsewhere.
    private func reconcile(_ state: NavigationState, to screen: RouteInstance) -> NavigationState? {
        var result: NavigationState
        switch navigator.execute(.navigate(screen, source: .direct), on: state) {
        case .success(let transition):
            result = transition.state
        case .failure(.inactiveFlow(_, let flow, _)) where state.userID == nil:
            // A signed-out visitor's link into another signed-out flow, as ``open`` takes it.
            guard let switched = try? run(.changeFlow(flow), on: state), let landed = try? run(.navigate(screen, source: .direct), on: switched) else {
                return nil
            }
            result = landed
        case .failure:
            return nil
        }
        return app.navigation.currentScreen(in: result) == screen ? result : nil
    }

    /// What a POST path asks for.
    enum PostCommand {
        case back
        case tab(CoordinatorID)
        case dismiss
        case action(ActionDefinition)
    }

    /// An action being applied: the state so far and the events it adds.
    struct ActionRun {
        var state: NavigationState
        var events: [EventStore.Event] = []
        /// Values that messages shown later fill in (`{email}`).
        var values: [String: String] = [:]
    }

    private func command(for path: String) throws -> PostCommand {
        let parts = path.split(separator: "/").map { URLEncoding.decode($0.utf8) ?? "" }
        switch (parts.first, parts.count) {
        case ("_back", 1): return .back
        case ("_dismiss", 1): return .dismiss
        case ("_tab", 2): return .tab(CoordinatorID(parts[1]))
        case ("_action", 2):
            guard let action = app.actions[parts[1]] else { throw HTTPError(.notFound, "\(app.title) has no action '\(parts[1])'.") }
            return .action(action)
        default:
            throw HTTPError(.notFound, "Nothing to post to at \(path).")
        }
    }

    /// Applies a command; every step must succeed or nothing changes.
    private func apply(_ command: PostCommand, form: [String: String], to run: inout ActionRun) throws {
        switch command {
        case .back, .dismiss:
            // Back and Close answer an alert first, unless only its buttons may.
            if let alert = run.state.alert {
                if app.alerts[alert.name]?.isDismissible != false { run.state.alert = nil }
                return
            }
            guard case .back = command else {
                run.state = try self.run(.dismissModal, on: run.state)
                return
            }
            // Seed 000 §13: the screen Back was pressed on, and how deep its stack was.
            let depth = app.navigation.screen(in: run.state).breadcrumbs.count
            run.events.append(event("back_button_pressed", run.state, detail: "stack_depth=\(depth)"))
            run.state = try self.run(.back, on: run.state)
        case .tab(let tab):
            run.state = try self.run(.selectTab(tab), on: run.state)
        case .action(let action):
            // Pressing an alert's button answers the alert.
            run.state.alert = nil
            try saveDraft(from: form, to: &run.state)
            if let formID = action.form, let definition = app.forms[formID] {
                let errors = FormCheck.errors(in: form, for: definition)
                guard errors.isEmpty else {
                    run.state.formErrors = Notice(formID, values: errors)
                    return
                }
            }
            run.values = form.filter { !Self.reservedFields.contains($0.key) && !isPassword($0.key) }
            try apply(action.steps, action: action, form: form, to: &run)
        }
    }

    private func apply(_ steps: [ActionStep], action: ActionDefinition, form: [String: String], to run: inout ActionRun) throws {
        for step in steps {
            switch step {
            case .navigate(let route, let parameters):
                var values: [String: String] = [:]
                for parameter in parameters { values[parameter.name] = parameter.value ?? parameter.field.flatMap { form[$0] } }
                run.state = try self.run(.navigate(RouteInstance(route, values), source: .direct), on: run.state)
            case .replace(let route):
                run.state = try self.run(.navigate(RouteInstance(route), source: .direct), on: run.state)
            case .back:
                run.state = try self.run(.back, on: run.state)
            case .dismiss:
                run.state = try self.run(.dismissModal, on: run.state)
            case .changeFlow(let flow):
                run.state = try self.run(.changeFlow(flow), on: run.state)
            case .setFlag(let flag):
                run.state.flags.insert(flag)
            case .toast(let name):
                run.state.addToast(Notice(name, values: run.values))
            case .alert(let name):
                run.state.alert = Notice(name, values: run.values)
            case .track(let funnel, let name, let number):
                run.events.append(event("funnel_step", run.state, detail: "funnel=\(funnel) step=\(number) name=\(name)"))
            case .effect(let name, let purpose, let onSuccess, let onFailure):
                if try failNextSubmit(&run) { return }
                switch try backend.perform(name, purpose: purpose, form: form, state: &run.state) {
                case .success(let values):
                    run.values.merge(values) { _, new in new }
                    try apply(onSuccess, action: action, form: form, to: &run)
                case .failure(let errors):
                    if !errors.isEmpty { run.state.formErrors = Notice(action.form ?? action.id, values: errors) }
                    try apply(onFailure, action: action, form: form, to: &run)
                    return
                }
            }
        }
    }

    /// Keeps the fields of the form a post came from (named by its `form` field) as a draft, so
    /// they are there again after a modal, Back or an error; never passwords.
    private func saveDraft(from form: [String: String], to state: inout NavigationState) throws {
        guard let id = form["form"], let definition = app.forms[id] else { return }
        do {
            try state.saveDraft(FormCheck.draft(of: form, for: definition), form: id)
        } catch {
            throw HTTPError(.contentTooLarge, "This form is too large to keep: \(error).")
        }
    }

    private func isPassword(_ field: String) -> Bool {
        app.forms.values.contains { form in form.fields.contains { $0.name == field && $0.type == "password" } }
    }

    func run(_ command: NavigationCommand, on state: NavigationState) throws -> NavigationState {
        switch navigator.execute(command, on: state) {
        case .success(let transition): return transition.state
        case .failure(let error): throw HTTPError(.conflict, "That cannot be done from here: \(error).")
        }
    }

    /// An analytics event of this app about the current screen of `state`.
    func event(_ kind: String, _ state: NavigationState, source: NavigationSource? = nil, detail: String? = nil) -> EventStore.Event {
        EventStore.Event(time: Timestamp.now(), app: app.id, kind: kind, screen: app.navigation.currentScreen(in: state).name.rawValue,
                         source: source?.analyticsName, detail: detail)
    }

    /// The route instance a screen URL of this app names.
    private func screen(at url: String) -> RouteInstance? {
        let parts = url.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        guard let path = parts.first, path.hasPrefix(urls.prefix) else { return nil }
        let rest = path.dropFirst(urls.prefix.count)
        let items = parts.count > 1 ? URLEncoding.decodeForm(parts[1].utf8) ?? [] : []
        return app.navigation.routeInstance(path: rest.isEmpty ? "/" : rest, query: Dictionary(items.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first }))
    }

    /// Whether a screen is still part of the session: on the visible trail or on top of a tab.
    private func isStillShown(_ screen: RouteInstance, in state: NavigationState) -> Bool {
        let view = app.navigation.screen(in: state)
        return view.breadcrumbs.contains { $0.route == screen } || view.tabBar?.items.contains { $0.top == screen } == true
    }
}
