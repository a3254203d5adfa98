import FlowStore

/// The mails the prototype backend "sends", kept for the dev mailbox page; on one connection
/// (``SQLiteWebStore``).
struct OutboxStore: OutboxWrites {
    typealias Message = MailMessage

    let connection: SQLiteConnection

    func send(app: String, mailbox: String?, to recipient: String, subject: String, body: String, link: String?, now: Int64) throws {
        try connection.execute("INSERT INTO outbox (app, mailbox, recipient, subject, body, link, sent_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                               [.text(app), .string(mailbox), .text(recipient), .text(subject), .text(body), .string(link), .integer(now)])
    }

    /// The mails of one mailbox of an app, or (`mailbox` nil) all of them, newest first.
    func messages(app: String, mailbox: String?, limit: Int) throws -> [Message] {
        // One statement for each case, so one mailbox's is read through its index.
        let inMailbox = mailbox == nil ? "" : " AND mailbox = ?3"
        return try connection.query(
            """
            SELECT recipient, subject, body, link, sent_at FROM outbox WHERE app = ?1\(inMailbox)
            ORDER BY sent_at DESC, id DESC LIMIT ?2
            """,
            [.text(app), .integer(Int64(limit))] + (mailbox.map { [.text($0)] } ?? [])
        ) { row in
            Message(recipient: row.string(0) ?? "", subject: row.string(1) ?? "", body: row.string(2) ?? "", link: row.string(3), sentAt: Int64(row.int(4)))
        }
    }
}
