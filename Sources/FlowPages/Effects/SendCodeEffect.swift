import FlowStore
import Navigation

/// `send-code`: mails a 6-digit code and a link for its purpose (`verify-email` by default, or
/// `reset-password`) to the form's `email` or the one being registered. For an unknown email
/// nothing is sent but the answer is the same, so the form does not tell who has an account.
struct SendCodeEffect: Effect {
    let name = "send-code"
    let summary = "mails a code and a link for its purpose (verify-email, reset-password)"
    let access = EffectAccess(reads: [.accounts, .session], writes: [.attempts, .secrets, .outbox, .session])
    /// How long codes and link tokens stay valid: one hour.
    static let lifetime: Int64 = 3_600_000

    /// Counts the mail asked for per email and per client address, so no one's inbox is
    /// flooded by someone else's requests.
    func prepare(_ call: EffectCall, state: NavigationState, context: EffectContext) throws {
        try context.countAttempt(perAddress: .mailPerAddress, perEmail: (.mailPerEmail, BackendMemory.email(call, state)))
    }

    func perform(_ call: EffectCall, prepared: Void, state: inout NavigationState, context: EffectContext,
                 in store: borrowing EffectStore) throws -> EffectOutcome {
        let purpose = call.purpose ?? .verifyEmail
        let app = context.app
        let email = BackendMemory.email(call, state) ?? ""
        try BackendMemory.update(&state) { memory in (memory.email, memory.verified) = (email, nil) }
        guard let account = try store.account(app: app.id, email: email), context.isPrototype || !account.isFixture else {
            return .success(values: ["email": email])
        }
        // A code to verify an email goes only to the registration this session made: registering
        // someone else's email answers as a new registration does, and sends them nothing more.
        if purpose == .verifyEmail, account.id != BackendMemory(state).registeredAccountID {
            return .success(values: ["email": email])
        }
        try BackendMemory.update(&state) { $0.accountID = account.id }
        let code = try store.issue(.code, purpose: purpose.rawValue, accountID: account.id, lifetime: Self.lifetime, now: context.now)
        let token = try store.issue(.linkToken, purpose: purpose.rawValue, accountID: account.id, lifetime: Self.lifetime, now: context.now)
        let route = app.navigation.routes.first { $0.name.rawValue == purpose.rawValue && $0.isDeepLinkable }
        let link = route.flatMap { DeepLinks.universalLink(app, RouteInstance($0.name, ["token": token, "email": email])) }
        let what = purpose == .resetPassword ? "reset your password" : "verify your email address"
        // A fixture is every tester's account, so its mail goes to the tester who asked; any other
        // account's to the session that registered it — never to a stranger asking for its reset.
        let mailbox = account.isFixture ? context.dataKey : account.mailbox
        if context.isPrototype {
            try store.sendMail(app: app.id, mailbox: mailbox, to: email, subject: "Your \(app.title) code: \(code)",
                                     body: "Enter \(code) to \(what), or open the link. Both work for one hour, once.", link: link, now: context.now)
        } else {
            // Serving real people, the outbox is a record, not a mailbox: a code or link kept in
            // plain text would let whoever reads the database take over the account.
            try store.sendMail(app: app.id, mailbox: mailbox, to: email, subject: "Your \(app.title) code was sent",
                                     body: "A code and a link to \(what) were sent; they are not kept here.", link: nil, now: context.now)
        }
        return .success(values: ["email": email])
    }
}
