import FlowStore
import Navigation

/// `register`: creates the unverified account of a registration from the form's `email` and
/// `password`. The same session may send its first step again (after Back) and only changes its
/// password. An email that already has an account answers as a new one does — the form does not
/// tell who has an account — and its owner is sent a note saying someone tried.
struct RegisterEffect: Effect {
    let name = "register"
    let summary = "creates an unverified account from the form's email and password"
    let access = EffectAccess(reads: [.accounts, .session], writes: [.attempts, .accounts, .outbox, .session])

    func prepare(_ call: EffectCall, state: NavigationState, context: EffectContext) throws -> PreparedPassword {
        // A password is hashed for every registration: counted per address as sign-ins are.
        try context.countAttempt(perAddress: .signInPerAddress)
        return try PreparedPassword.prepare(call, context: context)
    }

    func perform(_ call: EffectCall, prepared: PreparedPassword, state: inout NavigationState, context: EffectContext,
                 in store: borrowing EffectStore) throws -> EffectOutcome {
        let password = prepared
        let email = String(call.form["email", default: ""].trimmingWhitespace())
        if let message = FormCheck.invisibleCharacters(in: email) {
            return .failure(errors: ["email": message])
        }
        if let existing = try store.account(app: context.app.id, email: email) {
            guard existing.id == BackendMemory(state).registeredAccountID, !existing.isVerified else {
                try registerTaken(existing, email: email, state: &state, context: context, in: store)
                return .success(values: ["email": email])
            }
            try store.setPasswordHash(accountID: existing.id, password.hash)
        } else {
            do {
                let account = try store.createAccount(app: context.app.id, email: email, passwordHash: password.hash, mailbox: context.dataKey,
                                                            now: context.now)
                try BackendMemory.update(&state) { memory in
                    (memory.accountID, memory.registeredAccountID, memory.email, memory.registersTakenEmail) = (account.id, account.id, email, false)
                }
            } catch AccountError.emailTaken {
                // Registered by another request a moment ago: its account, not this one's.
                guard let existing = try store.account(app: context.app.id, email: email) else { throw AccountError.emailTaken }
                try registerTaken(existing, email: email, state: &state, context: context, in: store)
            }
        }
        return .success(values: ["email": email])
    }

    /// Goes on as for a new account while keeping nothing, and tells the account's owner: their
    /// mailbox (a fixture's: the tester who asked) says someone tried to register their email.
    private func registerTaken(_ existing: Account, email: String, state: inout NavigationState, context: EffectContext,
                               in store: borrowing EffectStore) throws {
        try BackendMemory(email: email, registersTakenEmail: true).save(in: &state)
        let app = context.app
        try store.sendMail(
            app: app.id, mailbox: existing.isFixture ? context.dataKey : existing.mailbox, to: existing.email,
            subject: "Someone tried to create a \(app.title) account with your email",
            body: "This email already has a \(app.title) account, so no new one was made. If it was you, log in, or reset your password "
                + "if you have forgotten it. If not, you can ignore this mail: nothing was changed.",
            link: nil, now: context.now)
    }
}
