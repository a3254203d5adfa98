import FlowDefinition
import FlowPages
import FlowStore
import Foundation
import Navigation

/// The way a person reaches each state, as the inventory tells it: the steps, whether an address
/// can be typed, the path through the app's buttons and tabs, and the sample forms.
extension AuditReplay {
    /// What a person does to reach the state `recipe` opens, as this replay does it.
    func steps(_ recipe: AuditState.Recipe) -> [AuditStep] {
        var steps: [AuditStep] = []
        func post(_ id: String) {
            guard let action = app.app.actions[id] else { return }
            steps.append(.post(action: id, fields: sampleForm(action).filter { $0.key != "form" }))
        }
        if let reach = recipe.reach {
            if reach.signedIn, let email = app.fixtures.accounts.first?.email, let url = signInURL(for: reach.instance) {
                steps.append(.signIn(email: email, url: url))
            }
            let screens = opening.route(to: reach.instance, signedIn: reach.signedIn)?.screens ?? [reach.instance]
            if reach.moves.isEmpty, screens.count == 1, !isTyped(reach.instance, signedIn: reach.signedIn) {
                steps.append(.byEngine(url: app.urls.screen(reach.instance)))
            } else {
                steps += screens.map { .open(url: app.urls.screen($0)) }
            }
            for move in reach.moves {
                switch move {
                case .action(let id): post(id)
                case .tab(let id): steps.append(.tab(id.rawValue))
                }
            }
        }
        switch recipe {
        case .formErrors(_, let action): steps.append(.post(action: action, fields: [:], emptied: true))
        case .toast(_, let actions, _, _): actions.forEach(post)
        case .alert(_, let alert): steps.append(.shows(alert: alert))
        case .invalidLink: steps.append(.shows(alert: WellKnownAlert.invalidLink.id))
        case .notFound(let path): steps.append(.open(url: app.urls.prefix + path))
        case .screen, .signedOut: break
        }
        return steps
    }

    /// Whether a person typing the address of `instance` is shown it, as a screen's GET works it
    /// out: a deep link opens it; another screen is navigated to from the app's start (or, signed
    /// in, from where signing in leads), and a modal only an action presents is not.
    func isTyped(_ instance: RouteInstance, signedIn: Bool) -> Bool {
        if app.navigation.route(instance.name)?.isDeepLinkable == true { return true }
        guard !app.navigation.isShownInModal(instance.name), let start = signedIn ? signedInStart : app.navigator.initialState,
              case .success(let landed) = app.navigator.execute(.navigate(instance, source: .direct), on: app.openingBeneath(instance, from: start))
        else { return false }
        return app.navigation.currentScreen(in: landed.state) == instance || landed.state.pendingDestination == instance
    }

    /// Where a person who has just signed in is: on the first guarded screen that takes no
    /// parameters (signing in leads into the app's signed-in part), else at the app's start.
    private var signedInStart: NavigationState? {
        let navigation = app.navigation
        return firstGuardedScreen.flatMap { opening.reach($0, signedIn: true) }
            ?? opening.reach(navigation.currentScreen(in: app.navigator.initialState), signedIn: true)
    }

    /// The first guarded screen that takes no parameters: where a visitor is asked to sign in,
    /// and where signing in leads.
    var firstGuardedScreen: RouteInstance? {
        let navigation = app.navigation
        return navigation.routes.first { navigation.requiresSignIn($0.name) && !$0.parameters.contains(where: \.isRequired) }
            .map { RouteInstance($0.name, [:]) }
    }

    /// The shortest way a person gets to `instance` from the app's start by the actions its
    /// screens offer (each sent with a sample form, its effects said to work), found breadth
    /// first in a transaction rolled back; nil when none within ``maximumSteps``.
    func path(to instance: RouteInstance, signedIn: Bool) -> AuditState.Reach? {
        // Signed in, from where signing in leads.
        guard let first = signedIn ? signedInStart : opening.reach(app.navigation.currentScreen(in: app.navigator.initialState), signedIn: false) else { return nil }
        let start = app.navigation.currentScreen(in: first)
        let tabs = Self.tabs(in: app.navigation.root).map(AuditState.Move.tab)
        let found = rolledBack { transaction -> [AuditState.Move]? in
            var found: [AuditState.Move]?
            var queue = [(first, [AuditState.Move]())]
            var seen: Set<RouteInstance> = [start]
            while !queue.isEmpty, found == nil {
                let (state, moves) = queue.removeFirst()
                guard moves.count < Self.maximumSteps else { continue }
                let screen = app.navigation.currentScreen(in: state)
                for move in (app.offeredActions[screen.name] ?? []).sorted().map(AuditState.Move.action) + tabs {
                    guard let next = try? press(move, on: state, in: transaction), next.alert == nil, next.formErrors == nil else { continue }
                    let landed = app.navigation.currentScreen(in: next)
                    if landed == instance { found = moves + [move]; break }
                    if seen.insert(landed).inserted { queue.append((next, moves + [move])) }
                }
            }
            return found
        } ?? nil
        return found.map { AuditState.Reach(start, signedIn: signedIn, moves: $0) }
    }

    /// Every tab of the app's tab bars.
    private static func tabs(in node: CoordinatorDefinition) -> [CoordinatorID] {
        (node.tab == nil ? [] : [node.id]) + (node.children + node.modals).flatMap(tabs)
    }

    /// How many moves a way found by ``path(to:signedIn:)`` may take.
    static let maximumSteps = 8

    /// Where a person signs in on the way to `instance`: the sign-in screen's address when a
    /// link opens it, else its own when it is guarded (the app asks for the sign-in there), else
    /// the first guarded screen's that takes no parameters.
    private func signInURL(for instance: RouteInstance) -> String? {
        let navigation = app.navigation
        if let signIn = navigation.signIn?.route, navigation.route(signIn)?.isDeepLinkable == true {
            return app.urls.screen(RouteInstance(signIn, [:]))
        }
        if navigation.requiresSignIn(instance.name) { return app.urls.screen(instance) }
        if let guarded = firstGuardedScreen { return app.urls.screen(guarded) }
        return navigation.signIn.map { app.urls.screen(RouteInstance($0.route, [:])) }
    }

    /// What a person would type into `action`'s form to get on: the app's first fixture
    /// account's email and password (a new address where the action makes an account), the
    /// documented code of the purpose its effects name for a field named for a code, a choice's
    /// first option, a date a week on, a sample of the kind the rest asks for; a field that must
    /// equal another, that one's value.
    func sampleForm(_ action: ActionDefinition) -> [String: String] {
        guard let id = action.form, let form = app.app.forms[id] else { return [:] }
        let account = app.fixtures.accounts.first
        let calls = ActionInterpreter.effectCalls(of: action.steps, formID: id, form: [:])
        let makesAccounts = calls.contains { effects[$0.name]?.access.writes.contains(.accounts) == true && effects[$0.name]?.access.reads.contains(.accounts) == true }
        let purposes = Set(calls.compactMap(\.purpose))
        let code = app.fixtures.codes.first { $0.isValid && purposes.contains($0.purpose) }?.value
        var values = ["form": id]
        for field in form.fields {
            if let code, field.name.lowercased().contains("code") {
                values[field.name] = code
                continue
            }
            values[field.name] = switch field.type {
            case .email: makesAccounts ? Self.newEmail : account?.email ?? "sample@example.com"
            case .password: account?.password ?? "Sample-passw0rd"
            case .checkbox: "on"
            case .date: Self.day(now + 7 * 86_400_000)
            case .number: "1"
            case .tel: "5550100"
            case .text, .search, .textarea, .hidden, .select, .radio, .checkboxes:
                field.choice.flatMap { choice in
                    choice.options.first?.value ?? choice.source.flatMap { source in
                        app.app.data.fixtures.first { $0.collection == source.collection }?.id
                    }
                } ?? "Sample \(field.label.lowercased())"
            }
        }
        for field in form.fields {
            for case .equals(let other, _) in field.rules { values[field.name] = values[other] }
        }
        return values
    }

    /// The address a sample registration makes an account for: no fixture account's.
    static let newEmail = "new.person@example.com"

    /// `yyyy-mm-dd` of the day `milliseconds` falls on, in UTC.
    private static func day(_ milliseconds: Int64) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(milliseconds / 1000)))
    }
}
