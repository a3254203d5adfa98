import FlowStore

/// The mails the prototype backend "sends", kept for the dev mailbox page.
struct OutboxTable {
    func send(app: String, to recipient: String, subject: String, body: String, link: String?, now: Int64, in connection: PostgresConnection) throws {
        try connection.execute("INSERT INTO outbox (app, recipient, subject, body, link, sent_at) VALUES ($1, $2, $3, $4, $5, $6)",
                               [.text(app), .text(recipient), .text(subject), .text(body), .string(link), .integer(now)])
    }

    func messages(app: String, limit: Int, in connection: PostgresConnection) throws -> [MailMessage] {
        try connection.query("SELECT recipient, subject, body, link, sent_at FROM outbox WHERE app = $1 ORDER BY sent_at DESC, id DESC LIMIT $2",
                             [.text(app), .int(limit)]) { row in
            MailMessage(recipient: row.string(0) ?? "", subject: row.string(1) ?? "", body: row.string(2) ?? "", link: row.string(3),
                        sentAt: Int64(row.int(4)))
        }
    }
}
