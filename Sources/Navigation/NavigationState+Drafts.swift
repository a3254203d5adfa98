extension NavigationState {
    /// The most forms with a draft at once.
    public static let maximumDraftForms = 16
    /// The most fields one draft keeps.
    public static let maximumDraftFields = 64
    /// The longest field value a draft keeps, in UTF-8 bytes.
    public static let maximumDraftValueLength = 4096

    /// Keeps a form's field values so the form can be filled again after navigating away.
    ///
    /// The caller leaves out fields that must never be kept, such as passwords. A draft kept while
    /// a modal is shown belongs to it and is forgotten when it is dismissed, unless it
    /// `outlivesModal` (what the app remembers of a sign-up, say, rather than a form's fields).
    /// - Throws: ``NavigationError/draftTooLarge(form:reason:)`` when a limit is exceeded; the
    ///   state is then unchanged.
    public mutating func saveDraft(_ fields: [String: String], form: String, outlivesModal: Bool = false) throws(NavigationError) {
        if fields.count > Self.maximumDraftFields {
            throw .draftTooLarge(form: form, reason: "more than \(Self.maximumDraftFields) fields")
        }
        if let field = fields.first(where: { $0.value.utf8.count > Self.maximumDraftValueLength }) {
            throw .draftTooLarge(form: form, reason: "field '\(field.key)' is longer than \(Self.maximumDraftValueLength) bytes")
        }
        if drafts[form] == nil, drafts.count >= Self.maximumDraftForms {
            throw .draftTooLarge(form: form, reason: "drafts are already kept for \(Self.maximumDraftForms) forms")
        }
        drafts[form] = fields
        if !outlivesModal { modal?.draftForms.insert(form) }
    }

    /// Forgets a form's draft, as after the form is submitted.
    public mutating func clearDraft(form: String) {
        drafts[form] = nil
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
