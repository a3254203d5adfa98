extension NavigationState {
    /// The most form drafts kept at once, over every screen; as many may be kept by name.
    public static let maximumDraftForms = 16
    /// The most fields one draft keeps.
    public static let maximumDraftFields = 64
    /// The longest field value a draft keeps, in UTF-8 bytes.
    public static let maximumDraftValueLength = 4096

    /// Keeps what was typed into `form` on `screen`, so that screen's form shows it again after
    /// an error, a reload, or a screen shown over it and closed; no other screen's form shows it.
    ///
    /// The caller leaves out fields that must never be kept, such as passwords. A draft lasts as
    /// long as its screen: once no stack, modal or detour of the state holds `screen` (popped,
    /// dismissed, its flow left), the navigator forgets it, so the screen opened again starts
    /// clean and drafts of screens left cannot fill the limit.
    /// - Throws: ``NavigationError/draftTooLarge(form:reason:)`` when a limit is exceeded; the
    ///   state is then unchanged.
    public mutating func saveDraft(_ fields: [String: String], form: String, on screen: RouteInstance) throws(NavigationError) {
        try Self.checkDraft(fields, form: form)
        if formDrafts[screen]?[form] == nil, formDrafts.values.reduce(0, { $0 + $1.count }) >= Self.maximumDraftForms {
            throw .draftTooLarge(form: form, reason: "drafts are already kept for \(Self.maximumDraftForms) forms")
        }
        formDrafts[screen, default: [:]][form] = fields
    }

    /// What was typed into `form` on `screen` and kept; nil when nothing was.
    public func draft(of form: String, on screen: RouteInstance) -> [String: String]? {
        formDrafts[screen]?[form]
    }

    /// Forgets what was typed into `form` on `screen`, as once the form's action succeeds.
    public mutating func clearDraft(form: String, on screen: RouteInstance) {
        formDrafts[screen]?[form] = nil
        if formDrafts[screen]?.isEmpty == true { formDrafts[screen] = nil }
    }

    /// Forgets the form drafts of every screen but `screens`.
    mutating func forgetDrafts(keeping screens: Set<RouteInstance>) {
        formDrafts = formDrafts.filter { screens.contains($0.key) }
    }

    /// The form drafts by screen, in one order however they were kept: by route name, then by
    /// parameters, each compared as its sorted name and value pairs.
    var formDraftsInOrder: [(screen: RouteInstance, forms: [String: [String: String]])] {
        func pairs(_ screen: RouteInstance) -> [(String, String)] { screen.parameters.sorted { $0.key < $1.key } }
        return formDrafts.map { (screen: $0.key, forms: $0.value) }.sorted { first, second in
            if first.screen.name != second.screen.name { return first.screen.name < second.screen.name }
            return pairs(first.screen).lexicographicallyPrecedes(pairs(second.screen)) { $0 < $1 }
        }
    }

    /// Keeps values by name for the whole session, whatever screen is shown: what the prototype's
    /// effects remember between requests (``saveDraft(_:form:on:)`` keeps a form's fields).
    ///
    /// A draft kept while a modal is shown belongs to it and is forgotten when it is dismissed,
    /// unless it `outlivesModal`.
    /// - Throws: ``NavigationError/draftTooLarge(form:reason:)`` when a limit is exceeded; the
    ///   state is then unchanged.
    public mutating func saveDraft(_ fields: [String: String], form: String, outlivesModal: Bool = false) throws(NavigationError) {
        try Self.checkDraft(fields, form: form)
        if drafts[form] == nil, drafts.count >= Self.maximumDraftForms {
            throw .draftTooLarge(form: form, reason: "drafts are already kept for \(Self.maximumDraftForms) forms")
        }
        drafts[form] = fields
        if !outlivesModal { modal?.draftForms.insert(form) }
    }

    /// Forgets a draft kept by name.
    public mutating func clearDraft(form: String) {
        drafts[form] = nil
    }

    private static func checkDraft(_ fields: [String: String], form: String) throws(NavigationError) {
        if fields.count > maximumDraftFields {
            throw .draftTooLarge(form: form, reason: "more than \(maximumDraftFields) fields")
        }
        if let field = fields.first(where: { $0.value.utf8.count > maximumDraftValueLength }) {
            throw .draftTooLarge(form: form, reason: "field '\(field.key)' is longer than \(maximumDraftValueLength) bytes")
        }
    }

    /// The most toasts waiting at once; older ones give way to newer.
    public static let maximumToasts = 3

    /// Adds a toast to show once. The same notice twice in a row is shown once, and only the
    /// newest ``maximumToasts`` wait, so a session whose pages are never shown (a script
    /// posting) cannot grow without bound.
    public mutating func addToast(_ notice: Notice) {
        if toasts.last == notice { return }
        toasts.append(notice)
        if toasts.count > Self.maximumToasts { toasts.removeFirst(toasts.count - Self.maximumToasts) }
    }

    /// Takes the toasts waiting to be shown, leaving none.
    public mutating func takeToasts() -> [Notice] {
        defer { toasts = [] }
        return toasts
    }
}
