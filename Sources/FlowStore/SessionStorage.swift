/// The sessions a store keeps, read on their own.
public protocol SessionReads {
    /// The session with `id`, or nil when there is none or it has expired at `now`.
    func load(id: String, now: Int64) throws -> SessionRecord?
}

/// The sessions a store keeps, changed inside a ``StoreTransaction``.
public protocol SessionWrites: SessionReads {
    /// Starts a session with the secret its CSRF tokens derive from (and `previousSecrets`, those
    /// of pages a visitor was shown before) and the key its own copy of session-scoped data is
    /// kept under, and who is signed in in `state` (`userID`, so a password reset can end it);
    /// returns its new id (256 random bits) for the cookie. Counts a session for the insights.
    func create(app: String, state: [UInt8], userID: String?, csrfSecret: String, previousSecrets: [String], dataKey: String, now: Int64) throws
        -> String
    /// Saves `state` if the session is still at `expectedVersion`; a lost race is reported, never
    /// overwritten. `screenSince` is when its screen was opened, given when the screen changed.
    func save(id: String, state: [UInt8], expectedVersion: Int, screenSince: Int64?, now: Int64) throws -> SaveOutcome
    /// Saves `state` under a new id and a new CSRF secret if the session is still at
    /// `expectedVersion` (sign-in, sign-out: `userID` is who is signed in now), keeping
    /// `previousSecrets` as the secrets it had; its events stay its own. Returns the outcome and,
    /// when saved, the new id.
    func rotate(id: String, state: [UInt8], userID: String?, expectedVersion: Int, csrfSecret: String, previousSecrets: [String],
                screenSince: Int64?, now: Int64) throws -> (SaveOutcome, String?)
    /// Ends a session at once, with its copies of app data, as the prototype's reset does.
    func end(id: String) throws
    /// Ends every session of `app` signed in as `userID` but the one with id `except`, with its
    /// copies of app data, as a password reset does.
    func end(app: String, userID: String, except: String?) throws
    /// Deletes every session expired at `now`, with its copies of app data; returns how many.
    func sweep(now: Int64) throws -> Int
}

extension SessionWrites {
    /// Starts a session no page was shown for before.
    public func create(app: String, state: [UInt8], csrfSecret: String, dataKey: String, now: Int64) throws -> String {
        try create(app: app, state: state, userID: nil, csrfSecret: csrfSecret, previousSecrets: [], dataKey: dataKey, now: now)
    }

    /// Saves `state` on the same screen as before.
    public func save(id: String, state: [UInt8], expectedVersion: Int, now: Int64) throws -> SaveOutcome {
        try save(id: id, state: state, expectedVersion: expectedVersion, screenSince: nil, now: now)
    }

    /// Saves `state` under a new id and CSRF secret, on the same screen as before.
    public func rotate(id: String, state: [UInt8], userID: String?, expectedVersion: Int, csrfSecret: String, previousSecrets: [String],
                       now: Int64) throws -> (SaveOutcome, String?) {
        try rotate(id: id, state: state, userID: userID, expectedVersion: expectedVersion, csrfSecret: csrfSecret, previousSecrets: previousSecrets,
                   screenSince: nil, now: now)
    }
}
