import FlowStore
import Navigation

/// `sign-in`: checks the form's `email` and `password` against the app's accounts and signs the
/// session in (resuming a pending destination). An unverified account does not sign in. Each
/// attempt is counted per email and per client address first (``AttemptLimit/signInPerAccount``).
struct SignInEffect: Effect {
    let name = "sign-in"
    let summary = "signs in with the form's email and password"
    let access = EffectAccess(reads: [.accounts, .profile], writes: [.attempts, .session])

    /// The account whose password matched, checked before the transaction: the check is as slow
    /// as hashing, on purpose.
    struct Checked: Sendable {
        let account: Account?
    }

    func prepare(_ call: EffectCall, state: NavigationState, context: EffectContext) throws -> Checked {
        let (email, password) = (String(call.form["email", default: ""].trimmingWhitespace()), call.form["password", default: ""])
        // Counted before any hashing, whether the email has an account or not.
        try context.countAttempt(perAddress: .signInPerAddress, perEmail: (.signInPerAccount, email))
        // A fixture account whose password this tester changed signs in with theirs alone.
        if context.isPrototype, let account = try context.store.accounts.account(app: context.app.id, email: email), account.isFixture,
           let hash = try FixtureAccountCopy.fields(app: context.app.id, scope: context.copy(ofAccount: account.id),
                                                    reads: context.store.records)?[FixtureAccountCopy.passwordHashField] {
            return Checked(account: try context.store.hasher.verify(password, against: hash) ? account : nil)
        }
        return Checked(account: try context.store.authenticate(app: context.app.id, email: email, password: password,
                                                               allowingFixtures: context.isPrototype))
    }

    func perform(_ call: EffectCall, prepared: Checked, state: inout NavigationState, context: EffectContext,
                 in store: borrowing EffectStore) throws -> EffectOutcome {
        guard let account = prepared.account, account.isVerified else { return .failure(errors: [:]) }
        state = try context.run(.signIn(userID: String(account.id)), on: state)
        // The owner got in: the wrong passwords before were theirs, or are now moot; and a
        // sign-in that worked is no guess of its address.
        try store.clearAttempts([context.attemptKey(.signInPerAccount, email: account.email)])
        try store.refundAttempts([context.attemptKey(.signInPerAddress)])
        return .success(values: ["email": account.email])
    }
}
