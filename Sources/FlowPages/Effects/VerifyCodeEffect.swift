import FlowStore
import Navigation

/// `verify-code`: checks the code typed — for the account being registered or reset, or the
/// form's `email` when it came from a link — or else the link's `token`. For `verify-email` the
/// account is then verified and signed in; for `reset-password` a new password may be set.
struct VerifyCodeEffect: Effect {
    let name = "verify-code"
    let summary = "checks a typed code or a link's token for its purpose (verify-email, reset-password)"
    let access = EffectAccess(reads: [.accounts, .secrets, .session], writes: [.attempts, .secrets, .accounts, .session])

    /// Counts a typed code per email (the form's, or the one being registered or reset) and per
    /// client address, before it is checked; a link's 256-bit token is not worth guessing.
    func prepare(_ call: EffectCall, state: NavigationState, context: EffectContext) throws {
        guard !call.form["code", default: ""].trimmingWhitespace().isEmpty else { return }
        try context.countAttempt(perAddress: .codePerAddress, perEmail: (.codePerAccount, BackendMemory.email(call, state)))
    }

    func perform(_ call: EffectCall, prepared: Void, state: inout NavigationState, context: EffectContext,
                 in store: borrowing EffectStore) throws -> EffectOutcome {
        let purpose = call.purpose ?? .verifyEmail
        let wrong: EffectOutcome = .failure(errors: ["code": "That code is not right or has expired. Check the email and try again."])
        let code = String(call.form["code", default: ""].trimmingWhitespace())
        let accountID: Int
        if code.isEmpty, let token = call.form["token"], !token.isEmpty {
            guard let id = try LinkTokens.redeem(token, email: call.form["email"], purpose: purpose, context: context, in: store) else {
                return .failure(errors: [EffectOutcome.formMessage: "This link has been used or has expired. Type the code from the same email, or ask for a new one."])
            }
            accountID = id
        } else {
            let email = call.form["email"].map { String($0.trimmingWhitespace()) }
            guard let id = try BackendMemory(state).accountID ?? email.flatMap({ try store.account(app: context.app.id, email: $0)?.id }) else {
                return wrong
            }
            guard let account = try store.account(id: id) else { return wrong }
            // A verification code proves an email no one has proved yet; it never signs in to an
            // account that is already verified (a guessed code would take it over).
            if purpose == .verifyEmail, account.isVerified { return wrong }
            // The documented code verifies the registration this session made, or stands for a
            // documented account; any other code (a fixture documented as invalid included, or the
            // documented one for someone else's registration) is checked against the account's
            // live code, so a wrong one uses up one of its attempts.
            let documented = context.fixtures.codes.contains { $0.value == code && $0.purpose == purpose && $0.isValid }
            let ownRegistration = purpose == .verifyEmail && id == BackendMemory(state).registeredAccountID
            if !(documented && (ownRegistration || account.isFixture)) {
                guard try store.redeem(code: code, accountID: id, purpose: purpose.rawValue, now: context.now) else { return wrong }
            }
            accountID = id
            // The right code is no guess: the attempts counted for it before the check are taken back.
            try store.refundAttempts([context.attemptKey(.codePerAddress)]
                + (BackendMemory.email(call, state).map { [context.attemptKey(.codePerAccount, email: $0)] } ?? []))
        }
        if purpose == .verifyEmail {
            try store.markVerified(accountID: accountID)
            state = try context.run(.signIn(userID: String(accountID)), on: state)
            if let account = try store.account(id: accountID) { context.proofs.prove(account.email) }
            BackendMemory.forget(in: &state)
        } else {
            try BackendMemory.update(&state) { memory in (memory.accountID, memory.verified) = (accountID, purpose) }
        }
        return .success(values: ["email": (try store.account(id: accountID))?.email ?? ""])
    }
}
