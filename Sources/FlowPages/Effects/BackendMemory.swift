import FlowDefinition
import Navigation

/// What the prototype's effects remember of a session between requests — the account being
/// registered or reset, its email, what a code proved. Never rendered but for the address a
/// code went to (`pending.email`).
///
/// Kept in the session's state as the named draft ``slot``: so it is saved with the navigation
/// or not at all, and forgotten with the drafts when the person signs out (the engine's `signOut`
/// forgets drafts), as a half-finished registration must be. Written under the keys sessions have
/// always been stored with, so a session saved before this type reads the same.
package struct BackendMemory: Equatable {
    /// The account being registered or reset.
    var accountID: Int?
    /// The account this session created (`register`) and has not finished: the only one whose
    /// password and profile it may set, or which the documented code verifies. An account it
    /// only asked a code for (a reset) is someone else's until proved.
    var registeredAccountID: Int?
    /// The email being registered or reset: the one a code was sent to.
    package var email: String?
    /// Whether the email being registered already has an account: the steps of the registration
    /// then answer as they would for a new one, keep nothing and send its owner a note, so the
    /// form does not tell who has an account.
    var registersTakenEmail = false
    /// What the last code or link proved of ``accountID``.
    var verified: EffectPurpose?

    /// The draft slot holding it.
    static let slot = "flowpages.backend"

    init(accountID: Int? = nil, registeredAccountID: Int? = nil, email: String? = nil, registersTakenEmail: Bool = false, verified: EffectPurpose? = nil) {
        (self.accountID, self.registeredAccountID, self.email) = (accountID, registeredAccountID, email)
        (self.registersTakenEmail, self.verified) = (registersTakenEmail, verified)
    }

    /// What `state` remembers; nothing for a session that remembers nothing.
    package init(_ state: NavigationState) {
        // An empty value is no value, as it always was: remembering "" forgot the key.
        let stored = (state.drafts[Self.slot] ?? [:]).filter { !$0.value.isEmpty }
        self.init(accountID: stored["account"].flatMap(Int.init), registeredAccountID: stored["registered"].flatMap(Int.init), email: stored["email"],
                  registersTakenEmail: stored["taken"] == "1", verified: stored["verified"].map(EffectPurpose.init(rawValue:)))
    }

    /// Keeps this in `state`, replacing what it remembered; nothing at all keeps no slot.
    func save(in state: inout NavigationState) throws {
        var stored: [String: String] = [:]
        stored["account"] = accountID.map(String.init)
        stored["registered"] = registeredAccountID.map(String.init)
        stored["email"] = email
        stored["taken"] = registersTakenEmail ? "1" : nil
        stored["verified"] = verified?.rawValue
        // An empty value is no value (see `init(_:)`).
        stored = stored.filter { !$0.value.isEmpty }
        guard !stored.isEmpty else { return Self.forget(in: &state) }
        try state.saveDraft(stored, form: Self.slot, outlivesModal: true)
    }

    /// Changes what `state` remembers with `change`.
    package static func update(_ state: inout NavigationState, _ change: (inout BackendMemory) -> Void) throws {
        var memory = BackendMemory(state)
        change(&memory)
        try memory.save(in: &state)
    }

    static func forget(in state: inout NavigationState) {
        state.clearDraft(form: slot)
    }

    /// The email a call is about: the form's, else the one being registered or reset.
    static func email(_ call: EffectCall, _ state: NavigationState) -> String? {
        call.form["email"].map { String($0.trimmingWhitespace()) } ?? BackendMemory(state).email
    }
}
