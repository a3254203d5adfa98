import FlowStore

/// The mails the prototype backend "sends", kept for the dev mailbox page.
public struct OutboxStore: Sendable {
    public typealias Message = MailMessage

    public let database: Database

    public init(database: Database) {
        self.database = database
    }

    /// Records a mail in `mailbox` (the sending session's data key).
    public func send(app: String, mailbox: String?, to recipient: String, subject: String, body: String, link: String? = nil,
                     now: Int64 = Timestamp.now()) throws {
        try database.write { connection in
            try send(app: app, mailbox: mailbox, to: recipient, subject: subject, body: body, link: link, now: now, in: connection)
        }
    }

    /// Records a mail inside a caller's write transaction, so it is sent only if the rest is.
    public func send(app: String, mailbox: String?, to recipient: String, subject: String, body: String, link: String?, now: Int64,
                     in connection: SQLiteConnection) throws {
        try connection.execute("INSERT INTO outbox (app, mailbox, recipient, subject, body, link, sent_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                               [.text(app), .string(mailbox), .text(recipient), .text(subject), .text(body), .string(link), .integer(now)])
    }

    /// The mails of one mailbox of an app, or (`mailbox` nil) all of them, newest first.
    public func messages(app: String, mailbox: String? = nil, limit: Int = 100) throws -> [Message] {
        // One statement for each case, so one mailbox's is read through its index.
        let inMailbox = mailbox == nil ? "" : " AND mailbox = ?3"
        return try database.read { connection in
            try connection.query(
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
}
