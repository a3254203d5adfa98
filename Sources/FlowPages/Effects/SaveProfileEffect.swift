import FlowStore
import Navigation

/// `save-profile`: adds its form's fields (never passwords) to the profile of the signed-in
/// person, or else of the account this session is registering — never of an account it only
/// named (a reset asked for someone's email). A fixture account's go to the tester's own copy.
struct SaveProfileEffect: Effect {
    let name = "save-profile"
    let summary = "saves the form's fields to the profile of the signed-in person or of the account being registered"
    let access = EffectAccess(reads: [.session], writes: [.profile])

    func perform(_ call: EffectCall, prepared: Void, state: inout NavigationState, context: EffectContext,
                 in store: borrowing EffectStore) throws -> EffectOutcome {
        guard let id = state.userID.flatMap(Int.init) ?? BackendMemory(state).registeredAccountID else {
            if BackendMemory(state).registersTakenEmail { return .success(values: ["email": BackendMemory(state).email ?? ""]) }
            return .failure(errors: [EffectOutcome.formMessage: "This registration has expired. Start again from Create Account."])
        }
        // The fields of the action's own form, never a password; a checkbox left unticked is not
        // posted at all, and is kept as empty (unticked) rather than left as it was.
        var values: [String: String] = [:]
        for field in call.formID.flatMap({ context.app.forms[$0] })?.fields ?? [] where field.type != .password {
            values[field.name] = call.form[field.name] ?? (field.type == .checkbox ? "" : nil)
        }
        try FixtureAccountCopy.updateProfile(accountID: id, merging: values, context: context, in: store)
        return .success(values: ["email": BackendMemory(state).email ?? ""])
    }
}
