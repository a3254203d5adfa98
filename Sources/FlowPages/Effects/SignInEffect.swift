import FlowStore
import Navigation

/// `sign-in`: checks the form's `email` and `password` against the app's accounts and signs the
/// session in (resuming a pending destination). An unverified account does not sign in.
///
/// Each attempt is counted before any hashing. From a browser that has proved the account before
/// (its ``DeviceCookie``), on that browser's own budget (``AttemptLimit/signInPerDevice``) alone;
/// from any other, per client address first and then per email (``AttemptLimit/signInPerAccount``),
/// an attempt the address limit refuses spending nothing of the email's. So however many
/// addresses guess at an account, its owner signs in from a browser they used before, and from a
/// new one waits at most the per-account limit's longest delay.
struct SignInEffect: Effect {
    let name = "sign-in"
    let summary = "signs in with the form's email and password"
    let access = EffectAccess(reads: [.accounts, .profile], writes: [.attempts, .session])

    /// The account whose password matched, checked before the transaction: the check is as slow
    /// as hashing, on purpose; and the known browser's device id, when it was one.
    struct Checked: Sendable {
        let account: Account?
        let device: String?
    }

    /// What the page says when a sign-in must wait: the same for every email, whichever limit it was.
    static let advice = "A browser you have signed in with before can still sign in, and a password reset works at any time."

    func prepare(_ call: EffectCall, state: NavigationState, context: EffectContext) throws -> Checked {
        let (email, password) = (String(call.form["email", default: ""].trimmingWhitespace()), call.form["password", default: ""])
        // Counted before any hashing, whether the email has an account or not.
        let device = context.knownDevice(for: email)
        do {
            if let device {
                try context.store.countAttempt([context.attemptKey(device: device)], now: context.now)
            } else {
                try context.countAttempt(perAddress: .signInPerAddress, perEmail: (.signInPerAccount, email))
            }
        } catch let tooSoon as TooManyAttempts {
            throw TooManyAttempts(wait: tooSoon.wait, advice: Self.advice)
        }
        // A fixture account whose password this tester changed signs in with theirs alone.
        if context.isPrototype, let account = try context.store.accounts.account(app: context.app.id, email: email), account.isFixture,
           let hash = try FixtureAccountCopy.fields(app: context.app.id, scope: context.copy(ofAccount: account.id),
                                                    reads: context.store.records)?[FixtureAccountCopy.passwordHashField] {
            return Checked(account: try context.store.hasher.verify(password, against: hash) ? account : nil, device: device)
        }
        return Checked(account: try context.store.authenticate(app: context.app.id, email: email, password: password,
                                                               allowingFixtures: context.isPrototype), device: device)
    }

    func perform(_ call: EffectCall, prepared: Checked, state: inout NavigationState, context: EffectContext,
                 in store: borrowing EffectStore) throws -> EffectOutcome {
        guard let account = prepared.account, account.isVerified else { return .failure(errors: [:]) }
        state = try context.run(.signIn(userID: String(account.id)), on: state)
        if let device = prepared.device {
            // The owner's browser got in: its wrong passwords before were theirs, or are now moot.
            try store.clearAttempts([context.attemptKey(device: device)])
        } else {
            // A sign-in that worked is no guess: of its address, nor of the account. The account's
            // other attempts are left counted — they may be a stranger's, still guessing.
            try store.refundAttempts([context.attemptKey(.signInPerAddress), context.attemptKey(.signInPerAccount, email: account.email)])
        }
        context.proofs.prove(account.email)
        return .success(values: ["email": account.email])
    }
}
