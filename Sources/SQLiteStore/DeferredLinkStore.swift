import FlowStore

/// Deep links kept for apps to claim once after being installed, under their claim code's HMAC,
/// until they expire; on one connection (``SQLiteWebStore``).
struct DeferredLinkStore: DeferredLinkWrites {
    let connection: SQLiteConnection
    let key: StoreKey

    func keep(app: String, code: String, link: String, now: Int64, expires: Int64) throws {
        try connection.execute(
            "INSERT INTO deferred_links (code_hash, app, link, created_at, expires_at) VALUES (?, ?, ?, ?, ?)",
            [.blob(DeferredLink.key(app: app, code: code, under: key)), .text(app), .text(link), .integer(now), .integer(expires)]
        )
    }

    /// Marks the link claimed and returns it, in one statement, so two claims at once get it once.
    func claim(app: String, code: String, now: Int64) throws -> DeferredLink? {
        try connection.query(
            """
            UPDATE deferred_links SET claimed_at = ?
            WHERE code_hash = ? AND claimed_at IS NULL AND expires_at > ? RETURNING link, created_at
            """,
            [.integer(now), .blob(DeferredLink.key(app: app, code: code, under: key)), .integer(now)]
        ) { DeferredLink(link: $0.string(0) ?? "", created: Int64($0.int(1))) }.first
    }

    func sweep(now: Int64) throws -> Int {
        try connection.execute("DELETE FROM deferred_links WHERE expires_at <= ?", [.integer(now)])
    }
}
