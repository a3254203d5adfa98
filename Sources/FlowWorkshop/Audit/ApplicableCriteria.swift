import FlowDefinition
import FlowPages
import Navigation

/// The WCAG criteria that apply to an audited state, by what it holds — the documented mapping
/// of `Docs/Auditing.md`: every FlowPages page has a title, headings, landmarks, text, controls,
/// a skip link, two colour schemes and transitions between screens; a state adds criteria for
/// the links, images, media, forms, errors, sign-in, modals, confirmations, toasts and tab bar
/// it shows. Each criterion comes with why it applies.
struct ApplicableCriteria {
    /// In WCAG's order, each with the first reason it applies.
    let criteria: [(criterion: WCAGCriterion, because: String)]

    /// Every other criterion, in WCAG's order: the mapping does not expect it here, but an
    /// auditor may judge any of them in any state.
    var others: [WCAGCriterion] {
        let applying = Set(criteria.map(\.criterion.number))
        return WCAGCriterion.all.filter { !applying.contains($0.number) }
    }

    static let everyPage = ["1.3.1", "1.3.2", "1.3.3", "1.3.4", "1.4.1", "1.4.3", "1.4.4", "1.4.10", "1.4.11", "1.4.12", "2.1.1",
                            "2.3.3", "2.4.1", "2.4.2", "2.4.3", "2.4.6", "2.4.7", "2.4.11", "2.5.2", "2.5.3", "2.5.8", "3.1.1", "3.2.1", "4.1.2"]

    init(_ state: AuditState, in app: MountedApp, sources: StateSources) {
        var reasons: [String: String] = [:]
        func apply(_ numbers: [String], _ because: String) {
            for number in numbers where reasons[number] == nil { reasons[number] = because }
        }
        apply(Self.everyPage, "every page: title, headings, landmarks, text, controls, colours, transitions")
        let text = sources.templates.joined(separator: "\n")
        let definition = app.app
        if text.contains("<a ") || text.contains("{{ url ") { apply(["2.4.4"], "it has links") }
        if text.contains("<img") || text.contains("<svg") { apply(["1.1.1", "1.4.5"], "it has images") }
        if text.contains("<video") || text.contains("<audio") { apply(["1.2.1", "1.2.2", "1.2.3", "1.2.5", "1.4.2", "2.2.2"], "it has media") }
        if text.contains(" lang=") { apply(["3.1.2"], "it has text in another language") }
        // A search or filter form posts no action, and still asks for input.
        if text.contains("<form") || text.contains("_layout/form-start") { apply(["3.3.2"], "it has a form") }
        let route = state.shownRoute
        if let route, Self.isInTab(route, definition.navigation) { apply(["1.1.1", "3.2.3", "3.2.4"], "it shows the tab bar, with icons") }
        let forms = route.map { Self.forms(offeredBy: $0, in: app) } ?? []
        if !forms.isEmpty {
            apply(["3.2.2", "3.3.2"], "it has a form")
            let fields = forms.flatMap { definition.forms[$0]?.fields ?? [] }
            if fields.contains(where: { ($0.autocomplete.map { $0 != "off" } ?? false) || [.email, .tel, .password].contains($0.type) }) {
                apply(["1.3.5"], "a field asks for something about the person")
            }
            if fields.contains(where: { $0.type == .password }) { apply(["3.3.8"], "it asks for a password") }
        }
        if route.map({ Self.writesData(offeredBy: $0, in: app) }) == true { apply(["3.3.4"], "a form or button changes data") }
        switch state.kind {
        case .formErrors: apply(["3.3.1", "3.3.3", "4.1.3"], "it shows errors")
        case .modal: apply(["2.1.2"], "it is a modal or sheet")
        case .alert, .invalidLink: apply(["2.1.2", "4.1.3"], "it shows an alert")
        case .confirmation: apply(["2.1.2", "3.3.4"], "it asks to confirm")
        case .toast:
            apply(["4.1.3"], "it shows a status message")
            apply(["2.2.1"], "its status message fades after six seconds")
        case .signedOut: apply(["3.3.8"], "it asks the person to sign in")
        case .screen, .signedIn, .notFound: break
        }
        if route.map({ definition.navigation.isShownInModal($0) }) == true { apply(["2.1.2"], "it is in a modal or sheet") }
        criteria = WCAGCriterion.all.compactMap { criterion in reasons[criterion.number].map { (criterion, $0) } }
    }

    private static func forms(offeredBy route: RouteName, in app: MountedApp) -> [String] {
        (app.offeredActions[route] ?? []).sorted().compactMap { app.app.actions[$0]?.form }
    }

    private static func writesData(offeredBy route: RouteName, in app: MountedApp) -> Bool {
        func writes(_ steps: [ActionStep]) -> Bool {
            steps.contains { step in
                switch step {
                case .data: true
                case .effect(_, _, let success, let failure): writes(success) || writes(failure)
                case .alert(let id): (app.app.alerts[id]?.buttons ?? []).contains { $0.action.flatMap { app.app.actions[$0] }.map { writes($0.steps) } == true }
                default: false
                }
            }
        }
        return (app.offeredActions[route] ?? []).contains { app.app.actions[$0].map { writes($0.steps) } == true }
    }

    private static func isInTab(_ route: RouteName, _ navigation: NavigationDefinition) -> Bool {
        guard let owner = navigation.route(route)?.owner else { return false }
        func search(_ node: CoordinatorDefinition, inTab: Bool) -> Bool? {
            if node.id == owner { return inTab }
            for child in node.children {
                if let found = search(child, inTab: inTab || node.tab != nil || child.tab != nil) { return found }
            }
            for modal in node.modals {
                if let found = search(modal, inTab: false) { return found }
            }
            return nil
        }
        return search(navigation.root, inTab: false) ?? false
    }
}
