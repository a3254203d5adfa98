import FlowStore
import Navigation

/// `register`: creates the unverified account of a registration from the form's `email` and
/// `password`. The same session may send its first step again (after Back) and only changes its
/// password; any other taken email is refused beside the field.
struct RegisterEffect: Effect {
    let name = "register"
    let summary = "creates an unverified account from the form's email and password"

    func prepare(_ call: EffectCall, context: EffectContext) throws -> (any Sendable)? {
        try PreparedPassword.prepare(call, context: context)
    }

    func perform(_ call: EffectCall, prepared: (any Sendable)?, state: inout NavigationState, context: EffectContext,
                 in transaction: any StoreTransaction) throws -> EffectOutcome {
        guard let password = prepared as? PreparedPassword else { preconditionFailure("register runs prepared") }
        let email = String(call.form["email", default: ""].trimmingWhitespace())
        if let message = FormCheck.invisibleCharacters(in: email) {
            return .failure(errors: ["email": message])
        }
        let taken: EffectOutcome = .failure(errors: ["email": "An account with this email already exists. Log in, or reset the password."])
        if let existing = try transaction.account(app: context.app.id, email: email) {
            guard existing.id == BackendMemory.registeredAccountID(state), !existing.isVerified else { return taken }
            try transaction.setPasswordHash(accountID: existing.id, password.hash)
        } else {
            do {
                let account = try transaction.createAccount(app: context.app.id, email: email, passwordHash: password.hash, mailbox: context.dataKey,
                                                            now: context.now)
                try BackendMemory.remember(["account": String(account.id), "registered": String(account.id), "email": email], in: &state)
            } catch AccountError.emailTaken {
                return taken
            }
        }
        return .success(values: ["email": email])
    }
}
