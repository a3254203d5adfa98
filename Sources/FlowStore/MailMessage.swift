/// A mail the prototype backend "sent", kept for the dev mailbox page.
public struct MailMessage: Hashable, Sendable {
    public let recipient: String
    public let subject: String
    public let body: String
    /// The link the mail carries (a deep link into the app), if any.
    public let link: String?
    /// Milliseconds since 1970.
    public let sentAt: Int64

    public init(recipient: String, subject: String, body: String, link: String?, sentAt: Int64) {
        self.recipient = recipient
        self.subject = subject
        self.body = body
        self.link = link
        self.sentAt = sentAt
    }
}

/// How often a deep-link pattern of an app had one outcome on one UTC day.
public struct LinkCount: Hashable, Sendable {
    public var app: String
    /// The route's path pattern, such as `/auth/reset-password`.
    public var pattern: String
    /// `2026-11-23`.
    public var day: String
    /// `deep_link_opened`, `deep_link_success`…
    public var kind: String
    public var count: Int

    public init(app: String, pattern: String, day: String, kind: String, count: Int) {
        self.app = app
        self.pattern = pattern
        self.day = day
        self.kind = kind
        self.count = count
    }
}
