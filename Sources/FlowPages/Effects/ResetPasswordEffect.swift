import FlowStore
import Navigation

/// `reset-password`: sets the form's new `password`, after a verified code or with a reset
/// link's `token`; a fixture account's in the tester's own copy, for them alone.
struct ResetPasswordEffect: Effect {
    let name = "reset-password"
    let summary = "sets a new password after a verified code or with a reset link's token"

    func prepare(_ call: EffectCall, context: EffectContext) throws -> (any Sendable)? {
        try PreparedPassword.prepare(call, context: context)
    }

    func perform(_ call: EffectCall, prepared: (any Sendable)?, state: inout NavigationState, context: EffectContext,
                 in transaction: any StoreTransaction) throws -> EffectOutcome {
        guard let password = prepared as? PreparedPassword else { preconditionFailure("reset-password runs prepared") }
        let memory = BackendMemory.values(state)
        let accountID: Int?
        if let token = call.form["token"], !token.isEmpty {
            accountID = try LinkTokens.redeem(token, email: call.form["email"], purpose: "reset-password", context: context, in: transaction)
        } else {
            accountID = memory["verified"] == "reset-password" ? memory["account"].flatMap(Int.init) : nil
        }
        guard let accountID else {
            return .failure(errors: [EffectOutcome.formMessage: "Reset link expired. Request a new one."])
        }
        try FixtureAccountCopy.setPasswordHash(accountID: accountID, password.hash, context: context, in: transaction)
        BackendMemory.forget(in: &state)
        return .success(values: [:])
    }
}
