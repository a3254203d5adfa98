/// A session as stored: its app, its encoded navigation state and the version it is at.
public struct SessionRecord: Hashable, Sendable {
    public let app: String
    /// The navigation state, as its codec wrote it.
    public let state: [UInt8]
    /// Bumped on every save; a save names the version it started from.
    public let version: Int
    /// Milliseconds since 1970.
    public let createdAt: Int64
    public let lastSeenAt: Int64
    /// The secret its forms' CSRF token is derived from, new with each id (sign-in and
    /// sign-out give one). Nil for sessions stored before it was kept, whose token is derived
    /// from the id.
    public let csrfSecret: String?
    /// The secrets it had before its id last rotated, newest first (at most
    /// ``keptCSRFSecrets``): a form shown before a sign-in or sign-out is known by them, to be
    /// told it is out of date, and can change nothing.
    public let previousCSRFSecrets: [String]
    /// What the session's own copy of session-scoped app data is kept under; like the CSRF
    /// secret it outlives the id's rotations. Nil only for sessions stored before it was kept.
    public let dataKey: String?
    /// When its current screen was opened: how long a person spends on a screen is counted from it.
    /// Nil for sessions stored before it was kept.
    public let screenSince: Int64?

    public init(app: String, state: [UInt8], version: Int, createdAt: Int64, lastSeenAt: Int64, csrfSecret: String? = nil,
                previousCSRFSecrets: [String] = [], dataKey: String? = nil, screenSince: Int64? = nil) {
        self.app = app
        self.state = state
        self.version = version
        self.createdAt = createdAt
        self.lastSeenAt = lastSeenAt
        self.csrfSecret = csrfSecret
        self.previousCSRFSecrets = previousCSRFSecrets
        self.dataKey = dataKey
        self.screenSince = screenSince
    }
}

extension SessionRecord {
    /// How many secrets before the current one a session keeps: a tab left open across a
    /// sign-in and a sign-out (two rotations) still learns its page was out of date.
    public static let keptCSRFSecrets = 8

    /// The previous secrets as a store keeps them in one column: separated by spaces (a secret
    /// is base64url, which has none), newest first; nil for none.
    public static func column(previousSecrets secrets: [String]) -> String? {
        secrets.isEmpty ? nil : secrets.joined(separator: " ")
    }

    /// The previous secrets of a stored column. (Split as bytes: as `Character`s, every page's
    /// session read ran grapheme breaking over them.)
    public static func previousSecrets(column: String?) -> [String] {
        column.map { $0.utf8.split(separator: UInt8(ascii: " ")).map { String(decoding: $0, as: UTF8.self) } } ?? []
    }

    /// How long a session lives without being used by default: 2 hours, in milliseconds.
    public static let idleLifetime: Int64 = 2 * 3_600_000
    /// How long a session lives at most by default: 7 days, in milliseconds.
    public static let absoluteLifetime: Int64 = 7 * 86_400_000

    /// Whether the session has expired at `now`: unused for longer than `idle`, or older than `absolute`.
    public func isExpired(now: Int64, idle: Int64 = idleLifetime, absolute: Int64 = absoluteLifetime) -> Bool {
        now - lastSeenAt > idle || now - createdAt > absolute
    }
}

/// What a compare-and-swap save did.
public enum SaveOutcome: Hashable, Sendable {
    /// Saved; the session now has this version.
    case saved(version: Int)
    /// Someone saved first; the state is untouched and has this version.
    case conflict(current: Int)
    /// The session does not exist (it expired or was ended).
    case missing
}
