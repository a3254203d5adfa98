import FlowDefinition
import FlowStore
import HTMLTemplate
import Navigation

/// What a page shows of the app's data, read before it renders: the records and lists of its
/// screen, the titles that name records, the app-wide counts of badges, and who is signed in.
struct PageData {
    /// The screen read for (worked out once: the page model shows the same one).
    var screen: Screen?
    /// The screen's bound records, lists and counts, by name.
    var values: [String: TemplateValue] = [:]
    /// The titles with placeholders, filled, of every screen the page names (itself, its trail,
    /// where Back leads, what lies under a modal).
    var titles: [RouteInstance: String] = [:]
    /// The breadcrumbs with placeholders, filled, of the screens on the page's trail.
    var crumbs: [RouteInstance: String] = [:]
    /// The app-wide counts, by name.
    var counts: [String: Int] = [:]
    /// What a form that edits a record starts from before anything is typed: the record's
    /// fields, by form id (a form with `record`, or the screen's guarded form).
    var editedForms: [String: [String: String]] = [:]
    /// The signed-in person (`email` and profile fields), or null.
    var user: TemplateValue = .null
    /// The options of the choice fields that take them from a collection, by form and field,
    /// for the forms the page shows.
    var choiceOptions: [String: [String: [ChoiceDefinition.Option]]] = [:]

    /// Nothing: an app without data, or a page that reads none.
    static let none = PageData()

    /// Reads what the current screen of `state` shows; who is signed in only when the page shows
    /// it (`showsPerson`: it reads `user`, or one of `profileForms`, which start from the profile).
    /// `choiceForms`: the forms the page shows whose choices come from a collection.
    init(_ data: AppData, state: NavigationState, accounts: any AccountReads, showsPerson: Bool, profileForms: [String],
         choiceForms: Set<String> = []) throws {
        let mounted = data.mounted
        let screen = mounted.app.navigation.screen(in: state)
        self.screen = screen
        values = try data.values(for: screen.route)
        var named = screen.breadcrumbs.map(\.route) + [screen.route]
        if let back = screen.back { named.append(back.destination) }
        if let underlying = screen.underlying { named.append(underlying) }
        for instance in named where titles[instance] == nil {
            guard let route = mounted.app.navigation.route(instance.name) else { continue }
            if AppData.hasPlaceholders(route.title) { titles[instance] = try data.title(of: instance) }
            if let crumb = route.breadcrumb, AppData.hasPlaceholders(crumb) { crumbs[instance] = try data.breadcrumb(of: instance) }
        }
        for form in mounted.app.forms.keys where mounted.app.startingRecord(of: form, on: screen.route.name) != nil {
            editedForms[form] = try data.edited(form, on: screen.route)
        }
        if !mounted.app.data.counts.isEmpty { counts = try data.counts() }
        for form in choiceForms.sorted() {
            if let definition = mounted.app.forms[form] { choiceOptions[form] = try ChoiceOptions.of(definition, data: data) }
        }
        if showsPerson, let id = state.userID.flatMap(Int.init), let account = try accounts.account(id: id) {
            let copy = try FixtureAccountCopy.fields(app: mounted.app.id, scope: data.scope(.account), reads: data.reads)
            let profile = FixtureAccountCopy.profile(account, copy: copy)
            var members: [String: TemplateValue] = profile.mapValues { .string($0) }
            members["email"] = .string(account.email)
            user = .record(TemplateRecord(members))
            for form in profileForms where editedForms[form] == nil {
                editedForms[form] = profile
            }
        }
    }

    /// The forms whose action runs an effect that writes the profile (``EffectAccess/Data/profile``):
    /// they start from the signed-in person's profile, as a form that edits a record starts from
    /// the record.
    static func profileForms(of app: AppDefinition, effects: EffectRegistry) -> [String] {
        func saves(_ steps: [ActionStep]) -> Bool {
            steps.contains { step in
                guard case .effect(let name, _, let onSuccess, let onFailure) = step else { return false }
                return effects[name]?.access.writes.contains(.profile) == true || saves(onSuccess) || saves(onFailure)
            }
        }
        return app.actions.values.filter { $0.form != nil && saves($0.steps) }.compactMap(\.form)
    }

    private init() {}
}
