/// The mails the prototype backend "sends", kept for the dev mailbox page.
public protocol OutboxReads {
    /// The mails of one mailbox of an app (a session's data key), or with `mailbox` nil all of
    /// the app's, newest first.
    func messages(app: String, mailbox: String?, limit: Int) throws -> [MailMessage]
}

/// The outbox, added to inside a ``StoreTransaction``: a mail is sent only if the rest is.
public protocol OutboxWrites: OutboxReads {
    /// Records a mail for the dev mailbox `mailbox` (a session's data key; nil: no one's).
    func send(app: String, mailbox: String?, to recipient: String, subject: String, body: String, link: String?, now: Int64) throws
}
