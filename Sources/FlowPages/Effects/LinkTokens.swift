import FlowDefinition
import FlowStore

/// The tokens of mailed links (verify, reset): checked when a link is opened, used when its form
/// is sent. An app's documented fixture tokens stand for the account of the link's email.
enum LinkTokens {
    /// Whether a link's token can still be used, without using it.
    static func isUsable<Reads: AccountReads & ~Copyable>(_ token: String, email: String?, purpose: EffectPurpose, app: String, fixtures: FixtureSet,
                                                         reads: borrowing Reads, now: Int64) throws -> Bool {
        if let fixture = fixtures.tokens.first(where: { $0.value == token && $0.purpose == purpose }) {
            // A documented token stands only for a documented account: never for a tester's own.
            guard fixture.isValid, let email else { return false }
            return try reads.account(app: app, email: email)?.isFixture == true
        }
        guard let holder = try reads.tokenHolder(token, purpose: purpose.rawValue, now: now) else { return false }
        guard let email else { return true }
        return try reads.account(id: holder).map { Account.emailKey($0.email) == Account.emailKey(email) } ?? false
    }

    /// The account a link token belongs to, using it up in `store`; nil when it cannot be used.
    static func redeem(_ token: String, email: String?, purpose: EffectPurpose, context: EffectContext, in store: borrowing EffectStore) throws -> Int? {
        let app = context.app.id
        if let fixture = context.fixtures.tokens.first(where: { $0.value == token && $0.purpose == purpose }) {
            guard fixture.isValid, let email, let account = try store.account(app: app, email: email), account.isFixture else { return nil }
            return account.id
        }
        guard try isUsable(token, email: email, purpose: purpose, app: app, fixtures: context.fixtures, reads: store, now: context.now) else {
            return nil
        }
        return try store.redeem(token: token, purpose: purpose.rawValue, now: context.now)
    }
}
