import Navigation

/// What the prototype's effects remember of a session between requests — the account being
/// registered or reset, its email, which code was verified — kept in the session's state, so it
/// is saved with the navigation or not at all. Never rendered.
enum BackendMemory {
    /// The draft slot holding it.
    static let slot = "flowpages.backend"

    static func values(_ state: NavigationState) -> [String: String] {
        state.drafts[slot] ?? [:]
    }

    /// The account being registered or reset.
    static func accountID(_ state: NavigationState) -> Int? {
        values(state)["account"].flatMap(Int.init)
    }

    /// The account this session created (`register`) and has not finished: the only one whose
    /// password and profile it may set, or which the documented code verifies. An account it
    /// only asked a code for (a reset) is someone else's until proved.
    static func registeredAccountID(_ state: NavigationState) -> Int? {
        values(state)["registered"].flatMap(Int.init)
    }

    /// The email a call is about: the form's, else the one being registered or reset.
    static func email(_ call: EffectCall, _ state: NavigationState) -> String? {
        call.form["email"].map { String($0.trimmingWhitespace()) } ?? values(state)["email"]
    }

    /// Whether the email being registered already has an account: the steps of the registration
    /// then answer as they would for a new one, keep nothing and send its owner a note, so the
    /// form does not tell who has an account.
    static func registersTakenEmail(_ state: NavigationState) -> Bool {
        values(state)["taken"] == "1"
    }

    /// Adds `values`; an empty value forgets its key.
    static func remember(_ values: [String: String], in state: inout NavigationState) throws {
        var memory = self.values(state)
        memory.merge(values) { _, new in new }
        try state.saveDraft(memory.filter { !$0.value.isEmpty }, form: slot, outlivesModal: true)
    }

    static func forget(in state: inout NavigationState) {
        state.clearDraft(form: slot)
    }
}
