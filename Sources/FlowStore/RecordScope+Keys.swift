extension RecordScope {
    /// The scope as every backend stores it: `app`, `account:<id>` or `session:<data key>`.
    public var storedKey: String {
        switch self {
        case .app: "app"
        case .account(let id): "account:\(id)"
        case .session(let key): "session:\(key)"
        }
    }

    /// The stored scope whose rows this one lays itself over: the shared fixtures for a
    /// session's copy, else none besides its own.
    public var baseKey: String {
        if case .session = self { "app" } else { storedKey }
    }
}
