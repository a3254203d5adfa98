extension RecordScope {
    /// The scope as every backend stores it: `app`, `account:<id>`, `session:<data key>` or
    /// `session:<data key>/account:<id>`. A session's rows of either kind start with
    /// ``sessionPrefix(_:)``, so they go with it.
    public var storedKey: String {
        switch self {
        case .app: "app"
        case .account(let id): "account:\(id)"
        case .session(let key): Self.sessionPrefix(key)
        case .accountCopy(let id, let key): Self.sessionPrefix(key) + "/account:\(id)"
        }
    }

    /// The stored scope whose rows this one lays itself over: the shared fixtures for a
    /// session's copy, the account's own for a copy of a fixture account's, else none besides
    /// its own.
    public var baseKey: String {
        switch self {
        case .app, .account: storedKey
        case .session: "app"
        case .accountCopy(let id, _): "account:\(id)"
        }
    }

    /// Whether the scope is a copy laid over a base: its own rows win, and a deletion is a mark.
    public var isCopy: Bool {
        switch self {
        case .app, .account: false
        case .session, .accountCopy: true
        }
    }

    /// The stored scope of a session's copy of session-scoped collections, which its copies of
    /// fixture accounts' collections extend with `/account:<id>`.
    public static func sessionPrefix(_ dataKey: String) -> String {
        "session:" + dataKey
    }
}
