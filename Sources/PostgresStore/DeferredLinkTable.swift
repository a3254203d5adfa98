import FlowStore

/// Deep links kept for apps to claim once after being installed, under their claim code's HMAC, until they expire; a claim is one statement, so two instances never hand out one link twice.
struct DeferredLinkTable: DeferredLinkWrites {
    let connection: PostgresConnection
    /// What claim codes are kept as HMACs under.
    let key: StoreKey

    func keep(app: String, code: String, link: String, now: Int64, expires: Int64) throws {
        _ = try connection.execute(
            "INSERT INTO deferred_links (code_hash, app, link, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)",
            [.bytes(DeferredLink.key(app: app, code: code, under: key)), .text(app), .text(link), .integer(now), .integer(expires)]
        )
    }

    func claim(app: String, code: String, now: Int64) throws -> DeferredLink? {
        try connection.queryFirst(
            """
            UPDATE deferred_links SET claimed_at = $1
            WHERE code_hash = $2 AND claimed_at IS NULL AND expires_at > $1 RETURNING link, created_at
            """,
            [.integer(now), .bytes(DeferredLink.key(app: app, code: code, under: key))]
        ) { DeferredLink(link: $0.string(0) ?? "", created: Int64($0.int(1))) }
    }

    func sweep(now: Int64) throws -> Int {
        try connection.execute("DELETE FROM deferred_links WHERE expires_at <= $1", [.integer(now)])
    }
}
