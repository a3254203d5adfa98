extension WebStore {
    /// App data read outside a transaction, each call on a connection lent for it: for what
    /// reads now and then as it goes (a page's data, whether a link's record exists).
    public var records: any RecordReads { RecordReadsOnTheirOwn(store: self) }
    /// Accounts read outside a transaction, each call on a connection lent for it.
    public var accounts: any AccountReads { AccountReadsOnTheirOwn(store: self) }
}

/// ``WebStore/records``: written once for every backend, from ``WebStore/read(_:)``.
private struct RecordReadsOnTheirOwn<Store: WebStore>: RecordReads {
    let store: Store

    func list(app: String, collection: String, scope: RecordScope) throws -> [StoredRecord] {
        try store.read { try $0.records.list(app: app, collection: collection, scope: scope) }
    }

    func find(app: String, collection: String, scope: RecordScope, id: String) throws -> StoredRecord? {
        try store.read { try $0.records.find(app: app, collection: collection, scope: scope, id: id) }
    }

    func count(app: String, collection: String, scope: RecordScope, matching: [String: RecordValue]) throws -> Int {
        try store.read { try $0.records.count(app: app, collection: collection, scope: scope, matching: matching) }
    }
}

/// ``WebStore/accounts``: written once for every backend, from ``WebStore/read(_:)``.
private struct AccountReadsOnTheirOwn<Store: WebStore>: AccountReads {
    let store: Store

    func account(app: String, email: String) throws -> Account? {
        try store.read { try $0.accounts.account(app: app, email: email) }
    }

    func account(id: Int) throws -> Account? {
        try store.read { try $0.accounts.account(id: id) }
    }

    func credentials(app: String, email: String) throws -> (account: Account, passwordHash: String)? {
        try store.read { try $0.accounts.credentials(app: app, email: email) }
    }

    func tokenHolder(_ token: String, purpose: String, now: Int64) throws -> Int? {
        try store.read { try $0.accounts.tokenHolder(token, purpose: purpose, now: now) }
    }
}
