import FlowStore
import Navigation

/// `reset-password`: sets the form's new `password`, after a verified code or with a reset
/// link's `token`; a fixture account's in the tester's own copy, for them alone. Every other
/// session signed in to the account ends, every other code or link sent for the reset is void
/// (the store voids them as one is redeemed), the account's wrong sign-ins are forgotten, and the
/// browser is remembered as one that proved the account (``DeviceCookie``).
struct ResetPasswordEffect: Effect {
    let name = "reset-password"
    let summary = "sets a new password after a verified code or with a reset link's token"
    let access = EffectAccess(reads: [.secrets, .session], writes: [.attempts, .secrets, .accounts, .sessions, .session])

    func prepare(_ call: EffectCall, state: NavigationState, context: EffectContext) throws -> PreparedPassword {
        // A password is hashed before the token is checked: counted per address as codes are.
        try context.countAttempt(perAddress: .codePerAddress)
        return try PreparedPassword.prepare(call, context: context)
    }

    func perform(_ call: EffectCall, prepared: PreparedPassword, state: inout NavigationState, context: EffectContext,
                 in store: borrowing EffectStore) throws -> EffectOutcome {
        let password = prepared
        let memory = BackendMemory(state)
        let accountID: Int?
        if let token = call.form["token"], !token.isEmpty {
            accountID = try LinkTokens.redeem(token, email: call.form["email"], purpose: .resetPassword, context: context, in: store)
        } else {
            accountID = memory.verified == .resetPassword ? memory.accountID : nil
        }
        guard let accountID else {
            return .failure(errors: [EffectOutcome.formMessage: "Reset link expired. Request a new one."])
        }
        try FixtureAccountCopy.setPasswordHash(accountID: accountID, password.hash, context: context, in: store)
        // A fixture's copy is this tester's alone; the account itself, and every other tester's
        // session on it, are untouched.
        if context.copy(ofAccount: accountID) == nil {
            try store.endSessions(app: context.app.id, userID: String(accountID), except: context.sessionID)
        }
        if let account = try store.account(id: accountID) {
            try store.clearAttempts([context.attemptKey(.signInPerAccount, email: account.email)])
            // A mailed code or link proves the mailbox: this browser signs in on its own budget.
            context.proofs.prove(account.email)
        }
        try store.refundAttempts([context.attemptKey(.codePerAddress)])
        BackendMemory.forget(in: &state)
        return .success(values: [:])
    }
}
