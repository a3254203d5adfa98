import FlowDefinition
import HTTPServer
import Navigation
import SQLiteStore

extension AppHost {
    /// The notice shown when a post came from a page that no longer matches the session.
    static let outOfDate = "flowpages.out-of-date"

    /// A navigation or action POST: checked (CSRF, same origin), reconciled with the page it
    /// came from, applied atomically, and answered 303 to the new current screen.
    func post(_ request: HTTPRequest, path: String) throws -> HTTPResponse {
        for attempt in 1...3 {
            do {
                return try applyPost(request, path: path)
            } catch is SessionConflict where attempt < 3 {
                continue
            }
        }
        throw HTTPError(.conflict, "The session kept changing; reload the page.")
    }

    private func applyPost(_ request: HTTPRequest, path: String) throws -> HTTPResponse {
        try checkOrigin(request)
        let form = try request.form()
        var visit = try Visit.open(request, host: self)
        guard !visit.isNew, let token = form["csrf"], Secret.constantTimeEqual(token, visit.csrfToken) else {
            throw HTTPError(.forbidden, "This form is not from this session; reload the page and try again.")
        }
        let command = try self.command(for: path)
        var state = visit.state
        // DECISIONS 2: reconcile to the screen the form was on, or refuse a post from a page
        // that is no longer part of the session.
        if let posted = form["screen"], posted != urls.screen(app.navigation.currentScreen(in: state)) {
            guard let screen = screen(at: posted), isStillShown(screen, in: state),
                  case .success(let reconciled) = navigator.execute(.navigate(screen, source: .direct), on: state) else {
                state.toasts.append(Notice(Self.outOfDate))
                try visit.commit(state, source: .direct, host: self)
                return HTTPResponse.redirect(to: urls.screen(app.navigation.currentScreen(in: visit.state)))
            }
            state = reconciled.state
        }
        state = try apply(command, form: form, to: state)
        let source: NavigationSource = switch command {
        case .back, .dismiss: .back
        case .tab: .tabSwitch
        case .action: .direct
        }
        try visit.commit(state, source: source, host: self)
        return HTTPResponse.redirect(to: urls.screen(app.navigation.currentScreen(in: visit.state)))
    }

    /// What a POST path asks for.
    enum PostCommand {
        case back
        case tab(CoordinatorID)
        case dismiss
        case action(ActionDefinition)
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
    private func apply(_ command: PostCommand, form: [String: String], to state: NavigationState) throws -> NavigationState {
        var state = state
        switch command {
        case .back:
            if let alert = state.alert, app.alerts[alert.name]?.isDismissible != false {
                state.alert = nil
                return state
            }
            return try run(.back, on: state)
        case .dismiss:
            if state.alert != nil {
                state.alert = nil
                return state
            }
            return try run(.dismissModal, on: state)
        case .tab(let tab):
            return try run(.selectTab(tab), on: state)
        case .action(let action):
            // Pressing an alert's button answers the alert.
            state.alert = nil
            for step in action.steps {
                state = try apply(step, form: form, to: state)
            }
            return state
        }
    }

    private func apply(_ step: ActionStep, form: [String: String], to state: NavigationState) throws -> NavigationState {
        var state = state
        switch step {
        case .navigate(let route, let parameters):
            var values: [String: String] = [:]
            for parameter in parameters { values[parameter.name] = parameter.value ?? parameter.field.flatMap { form[$0] } }
            return try run(.navigate(RouteInstance(route, values), source: .direct), on: state)
        case .replace(let route):
            return try run(.navigate(RouteInstance(route), source: .direct), on: state)
        case .back:
            return try run(.back, on: state)
        case .dismiss:
            return try run(.dismissModal, on: state)
        case .changeFlow(let flow):
            return try run(.changeFlow(flow), on: state)
        case .setFlag(let flag):
            state.flags.insert(flag)
            return state
        case .toast(let name):
            state.toasts.append(Notice(name, values: form.filter { $0.key != "csrf" && $0.key != "screen" }))
            return state
        case .alert(let name):
            state.alert = Notice(name)
            return state
        case .effect(let name, _, _):
            throw HTTPError(.notImplemented, "The '\(name)' effect of the prototype backend is not available yet.")
        }
    }

    private func run(_ command: NavigationCommand, on state: NavigationState) throws -> NavigationState {
        switch navigator.execute(command, on: state) {
        case .success(let transition): return transition.state
        case .failure(let error): throw HTTPError(.conflict, "That cannot be done from here: \(error).")
        }
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

    /// Refuses cross-site posts (RFC 6454 origins, Fetch Metadata).
    private func checkOrigin(_ request: HTTPRequest) throws {
        if let site = request.headers["Sec-Fetch-Site"], site == "cross-site" || site == "same-site" {
            throw HTTPError(.forbidden, "Posts from other sites are refused.")
        }
        if let origin = request.headers["Origin"], origin != "null", let host = request.headers["Host"] {
            let originHost = origin.split(separator: "/", omittingEmptySubsequences: true).dropFirst().first.map(String.init)
            guard originHost == host else { throw HTTPError(.forbidden, "Posts from other sites are refused.") }
        }
    }
}
