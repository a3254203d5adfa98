import FlowDefinition
import FlowStore

/// What a tester changes of a fixture account's own fields — its profile and its password — kept
/// as one record of their session's copy of the account (``RecordScope/accountCopy(_:session:)``),
/// so the account every tester signs in as stays as documented for the others.
///
/// The record lies in a collection no `app.xml` can declare (collection ids have no dots), laid
/// over a base record of the account's documented profile that the app seeds when it loads.
enum FixtureAccountCopy {
    static let collection = "flowpages.account"
    static let recordID = "account"
    /// The field of the copy holding the hash of a password the tester set; never a profile field.
    static let passwordHashField = "flowpages.password-hash"

    /// The base record of a fixture account, for ``WebStore/seedRecords(app:_:)``.
    static func base(of account: FixtureSet.Account) -> FixtureRecord {
        FixtureRecord(collection: collection, id: recordID, values: account.profile.mapValues { .string($0) }, accountEmail: account.email)
    }

    /// The copy's fields (profile fields, and the password's hash if the tester set one), or nil
    /// when `scope` is no copy of a fixture account's.
    static func fields(app: String, scope: RecordScope?, reads: any RecordReads) throws -> [String: String]? {
        guard let scope, case .accountCopy = scope,
              let record = try reads.find(app: app, collection: collection, scope: scope, id: recordID) else { return nil }
        return record.values.mapValues(\.text)
    }

    /// The profile a person sees: the account's, with the copy's fields over it; an empty field
    /// (a checkbox unticked, a field cleared) is no field.
    static func profile(_ account: Account, copy: [String: String]?) -> [String: String] {
        account.profile.merging((copy ?? [:]).filter { $0.key != passwordHashField }) { _, copied in copied }.filter { !$0.value.isEmpty }
    }

    /// The profile of account `id` as the session of `context` sees it, or nil when there is no
    /// such account.
    static func profile(ofAccount id: Int, context: EffectContext, in store: borrowing EffectStore) throws -> [String: String]? {
        guard let account = try store.account(id: id) else { return nil }
        let copy = try context.copy(ofAccount: id).flatMap { try store.accountCopy(app: context.app.id, scope: $0) }
        return profile(account, copy: copy?.values.mapValues(\.text))
    }

    /// Adds `values` to the profile of account `id`: a fixture account's in the tester's copy.
    static func updateProfile(accountID id: Int, merging values: [String: String], context: EffectContext,
                              in store: borrowing EffectStore) throws {
        if try !merge(values, accountID: id, context: context, in: store) {
            try store.updateProfile(accountID: id, merging: values)
        }
    }

    /// Sets the password of account `id`: a fixture account's in the tester's copy.
    static func setPasswordHash(accountID id: Int, _ hash: String, context: EffectContext, in store: borrowing EffectStore) throws {
        if try !merge([passwordHashField: hash], accountID: id, context: context, in: store) {
            try store.setPasswordHash(accountID: id, hash)
        }
    }

    /// Adds `values` to the copy's fields; false when account `id` is no fixture (the caller
    /// then writes the account itself).
    private static func merge(_ values: [String: String], accountID id: Int, context: EffectContext, in store: borrowing EffectStore) throws -> Bool {
        guard let scope = context.copy(ofAccount: id) else { return false }
        let fields = try store.accountCopy(app: context.app.id, scope: scope)?.values.mapValues(\.text) ?? [:]
        let merged = fields.merging(values) { _, new in new }
        return try store.updateAccountCopy(app: context.app.id, scope: scope, values: merged.mapValues { .string($0) }, now: context.now)
    }
}
