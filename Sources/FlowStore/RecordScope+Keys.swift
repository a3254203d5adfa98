extension RecordScope {
    /// The scope as every backend stores it: `app`, `account:<id>`, `session:<data key>` or
    /// `session:<data key>/account:<id>`.
    public var storedKey: String {
        switch self {
        case .app: "app"
        case .account(let id): "account:\(id)"
        case .session(let key): "session:\(key)"
        case .accountCopy(let id, let key): "session:\(key)/" + RecordScope.account(id).storedKey
        }
    }

    /// The stored scope whose rows this one lays itself over: the shared fixtures for a
    /// session's copy, the account's own for a copy of a fixture account's, else none besides
    /// its own.
    public var baseKey: String {
        switch self {
        case .app, .account: storedKey
        case .session: "app"
        case .accountCopy(let id, _): RecordScope.account(id).storedKey
        }
    }

    /// Whether the scope is a copy laid over a base: its own rows win, and a deletion is a mark.
    public var isCopy: Bool { baseKey != storedKey }
}
