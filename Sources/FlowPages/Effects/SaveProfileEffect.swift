import FlowStore
import Navigation

/// `save-profile`: adds the form's fields (never passwords) to the profile of the signed-in
/// person, or else of the account this session is registering — never of an account it only
/// named (a reset asked for someone's email). A fixture account's go to the tester's own copy.
struct SaveProfileEffect: Effect {
    let name = "save-profile"
    let summary = "saves the form's fields to the profile of the signed-in person or of the account being registered"

    func perform(_ call: EffectCall, prepared: (any Sendable)?, state: inout NavigationState, context: EffectContext,
                 in transaction: any StoreTransaction) throws -> EffectOutcome {
        guard let id = state.userID.flatMap(Int.init) ?? BackendMemory.registeredAccountID(state) else {
            return .failure(errors: [EffectOutcome.formMessage: "This registration has expired. Start again from Create Account."])
        }
        let fields = Set(context.app.forms.values.flatMap(\.fields).filter { $0.type != "password" }.map(\.name))
        let values = call.form.filter { fields.contains($0.key) }
        try FixtureAccountCopy.updateProfile(accountID: id, merging: values, context: context, in: transaction)
        return .success(values: ["email": BackendMemory.values(state)["email"] ?? ""])
    }
}
