import FlowDefinition
import HTTPServer
import Navigation
import SQLiteStore

/// The effects an app's actions name (`<effect name="sign-in">`): a small, real backend over
/// SQLite — accounts with hashed passwords, single-use codes and link tokens, and a dev outbox —
/// so a prototype's sign-in, registration and reset flows can be walked for real.
///
/// What the backend remembers for a session (the account being registered or reset) is kept in
/// the session's state under ``memory``, so it is saved, or not, with the navigation.
struct PrototypeBackend: Sendable {
    let app: AppDefinition
    /// The app's documented fixtures, or none when it is not served as a prototype.
    let fixtures: FixtureSet
    let accounts: AccountStore
    let outbox: OutboxStore
    let navigator: Navigator
    /// Off for an app serving real people: fixture accounts are refused whatever the database
    /// holds, and the outbox keeps no codes or links.
    let isPrototype: Bool

    /// The draft slot holding the backend's memory of a session; never rendered.
    static let memory = "flowpages.backend"
    /// How long codes and link tokens stay valid: one hour.
    static let secretLifetime: Int64 = 3_600_000

    /// What an effect did.
    enum Outcome {
        /// It worked; `values` fill the messages that follow (such as `{email}`).
        case success(values: [String: String])
        /// It did not: field name → message, with a message for the form as a whole under
        /// ``formMessage``; empty when the action's `<on-failure>` steps say what to show.
        case failure(errors: [String: String])
    }

    /// The key of a form-level error in ``Outcome/failure(errors:)``.
    static let formMessage = "_form"

    /// Runs effect `name`; the state is changed only through `state`, which the caller saves.
    /// - Throws: A 503 with `Retry-After` when too many passwords are being hashed.
    func perform(_ name: String, purpose: String?, form: [String: String], state: inout NavigationState) throws -> Outcome {
        do {
            return try performUnbounded(name, purpose: purpose, form: form, state: &state)
        } catch is PasswordHasher.Busy {
            throw HTTPError(.serviceUnavailable, "Too many people are signing in at once. Try again in a moment.",
                            headers: HTTPHeaders([("Retry-After", "2")]))
        }
    }

    private func performUnbounded(_ name: String, purpose: String?, form: [String: String], state: inout NavigationState) throws -> Outcome {
        switch name {
        case "sign-in": return try signIn(form, &state)
        case "first-sign-in": return try firstSignIn(&state)
        case "register": return try register(form, &state)
        case "save-profile": return try saveProfile(form, state)
        case "send-code": return try sendCode(purpose: purpose ?? "verify-email", form, &state)
        case "verify-code": return try verifyCode(purpose: purpose ?? "verify-email", form, &state)
        case "reset-password": return try resetPassword(form, &state)
        case "sign-out":
            state = try run(.signOut(keepDestination: false), on: state)
            return .success(values: [:])
        default:
            return .failure(errors: [Self.formMessage: "\(app.title) cannot do '\(name)' in this prototype."])
        }
    }

    /// Whether a link's token is one that can still be used, without using it.
    func isUsable(token: String, email: String?, purpose: String) throws -> Bool {
        if let fixture = fixtures.tokens.first(where: { $0.value == token && $0.purpose == purpose }) {
            guard fixture.isValid, let email else { return false }
            return try accounts.account(app: app.id, email: email) != nil
        }
        guard let holder = try accounts.holder(ofToken: token, purpose: purpose) else { return false }
        guard let email else { return true }
        return try accounts.account(id: holder).map { AccountStore.emailKey($0.email) == AccountStore.emailKey(email) } ?? false
    }

    // MARK: - Effects

    private func signIn(_ form: [String: String], _ state: inout NavigationState) throws -> Outcome {
        let email = String(form["email", default: ""].trimmingWhitespace())
        guard let account = try accounts.authenticate(app: app.id, email: email, password: form["password", default: ""], allowingFixtures: isPrototype),
              account.isVerified else {
            return .failure(errors: [:])
        }
        state = try run(.signIn(userID: String(account.id)), on: state)
        return .success(values: ["email": account.email])
    }

    /// Succeeds once per account: the first sign-in (seed 000 §6, biometric enrollment).
    private func firstSignIn(_ state: inout NavigationState) throws -> Outcome {
        guard let id = state.userID.flatMap(Int.init), let account = try accounts.account(id: id),
              account.profile["signed-in-before"] == nil else {
            return .failure(errors: [:])
        }
        try accounts.updateProfile(accountID: id, merging: ["signed-in-before": "true"])
        return .success(values: [:])
    }

    /// Creates the unverified account of a registration; the same session may send its first
    /// step again (after Back) and only changes its password.
    private func register(_ form: [String: String], _ state: inout NavigationState) throws -> Outcome {
        let email = String(form["email", default: ""].trimmingWhitespace())
        let password = form["password", default: ""]
        if let message = FormCheck.invisibleCharacters(in: email) {
            return .failure(errors: ["email": message])
        }
        let remembered = state.drafts[Self.memory]?["account"].flatMap(Int.init)
        if let existing = try accounts.account(app: app.id, email: email) {
            guard existing.id == remembered, !existing.isVerified else {
                return .failure(errors: ["email": "An account with this email already exists. Log in, or reset the password."])
            }
            try accounts.setPassword(accountID: existing.id, password: password)
        } else {
            let account = try accounts.create(app: app.id, email: email, password: password)
            try remember(["account": String(account.id), "email": email], in: &state)
        }
        return .success(values: ["email": email])
    }

    private func saveProfile(_ form: [String: String], _ state: NavigationState) throws -> Outcome {
        guard let id = state.drafts[Self.memory]?["account"].flatMap(Int.init) else {
            return .failure(errors: [Self.formMessage: "This registration has expired. Start again from Create Account."])
        }
        let fields = app.forms.values.flatMap(\.fields).filter { $0.type != "password" }.map(\.name)
        try accounts.updateProfile(accountID: id, merging: form.filter { fields.contains($0.key) })
        return .success(values: ["email": state.drafts[Self.memory]?["email"] ?? ""])
    }

    /// Mails a 6-digit code and a link for `purpose`. For an unknown email nothing is sent but
    /// the answer is the same, so the form does not tell who has an account.
    private func sendCode(purpose: String, _ form: [String: String], _ state: inout NavigationState) throws -> Outcome {
        let email = form["email"].map { String($0.trimmingWhitespace()) } ?? state.drafts[Self.memory]?["email"] ?? ""
        try remember(["email": email, "verified": ""], in: &state)
        guard let account = try accounts.account(app: app.id, email: email), isPrototype || !account.isFixture else {
            return .success(values: ["email": email])
        }
        try remember(["account": String(account.id)], in: &state)
        let code = try accounts.issue(.code, purpose: purpose, accountID: account.id, lifetime: Self.secretLifetime)
        let token = try accounts.issue(.linkToken, purpose: purpose, accountID: account.id, lifetime: Self.secretLifetime)
        let route = app.navigation.routes.first { $0.name.rawValue == purpose && $0.isDeepLinkable }
        let link = route.flatMap { DeepLinks.universalLink(app, RouteInstance($0.name, ["token": token, "email": email])) }
        let what = purpose == "reset-password" ? "reset your password" : "verify your email address"
        if isPrototype {
            try outbox.send(app: app.id, to: email, subject: "Your \(app.title) code: \(code)",
                            body: "Enter \(code) to \(what), or open the link. Both work for one hour, once.", link: link)
        } else {
            // Serving real people, the outbox is a record, not a mailbox: a code or link kept in
            // plain text would let whoever reads the database take over the account.
            try outbox.send(app: app.id, to: email, subject: "Your \(app.title) code was sent",
                            body: "A code and a link to \(what) were sent; they are not kept here.", link: nil)
        }
        return .success(values: ["email": email])
    }

    /// Checks the code typed (or the link's token); for `verify-email` the account is then
    /// verified and signed in, for `reset-password` a new password may be set.
    private func verifyCode(purpose: String, _ form: [String: String], _ state: inout NavigationState) throws -> Outcome {
        let wrong: Outcome = .failure(errors: ["code": "That code is not right or has expired. Check the email and try again."])
        let accountID: Int
        if let token = form["token"], !token.isEmpty {
            guard let id = try redeem(token: token, email: form["email"], purpose: purpose) else { return wrong }
            accountID = id
        } else {
            let code = String(form["code", default: ""].trimmingWhitespace())
            guard let id = state.drafts[Self.memory]?["account"].flatMap(Int.init) else { return wrong }
            // Any other code, a fixture documented as invalid included, is checked against the
            // account's live code, so a wrong one uses up one of its attempts.
            if !fixtures.codes.contains(where: { $0.value == code && $0.purpose == purpose && $0.isValid }) {
                guard try accounts.redeem(code: code, accountID: id, purpose: purpose) else { return wrong }
            }
            accountID = id
        }
        if purpose == "verify-email" {
            try accounts.markVerified(accountID: accountID)
            state = try run(.signIn(userID: String(accountID)), on: state)
            state.clearDraft(form: Self.memory)
        } else {
            try remember(["account": String(accountID), "verified": purpose], in: &state)
        }
        return .success(values: ["email": (try accounts.account(id: accountID))?.email ?? ""])
    }

    /// Sets a new password, after a verified code or with a reset link's token.
    private func resetPassword(_ form: [String: String], _ state: inout NavigationState) throws -> Outcome {
        let memory = state.drafts[Self.memory] ?? [:]
        let accountID: Int?
        if let token = form["token"], !token.isEmpty {
            accountID = try redeem(token: token, email: form["email"], purpose: "reset-password")
        } else {
            accountID = memory["verified"] == "reset-password" ? memory["account"].flatMap(Int.init) : nil
        }
        guard let accountID else {
            return .failure(errors: [Self.formMessage: "Reset link expired. Request a new one."])
        }
        try accounts.setPassword(accountID: accountID, password: form["password", default: ""])
        state.clearDraft(form: Self.memory)
        return .success(values: [:])
    }

    // MARK: - Helpers

    /// The account a link token belongs to, using it; fixture tokens stand for the account of
    /// the link's email.
    private func redeem(token: String, email: String?, purpose: String) throws -> Int? {
        if let fixture = fixtures.tokens.first(where: { $0.value == token && $0.purpose == purpose }) {
            guard fixture.isValid, let email else { return nil }
            return try accounts.account(app: app.id, email: email)?.id
        }
        guard try isUsable(token: token, email: email, purpose: purpose) else { return nil }
        return try accounts.redeem(token: token, purpose: purpose)
    }

    private func remember(_ values: [String: String], in state: inout NavigationState) throws {
        var memory = state.drafts[Self.memory] ?? [:]
        memory.merge(values) { _, new in new }
        try state.saveDraft(memory.filter { !$0.value.isEmpty }, form: Self.memory)
    }

    private func run(_ command: NavigationCommand, on state: NavigationState) throws -> NavigationState {
        switch navigator.execute(command, on: state) {
        case .success(let transition): return transition.state
        case .failure(let error): throw error
        }
    }
}
