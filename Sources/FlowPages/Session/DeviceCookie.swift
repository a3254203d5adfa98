import FlowStore
import HTTPServer

/// A browser's proof that it has signed in to accounts of an app before — OWASP's "device
/// cookies" — so its password attempts are counted on a budget of their own
/// (``AttemptLimit/signInPerDevice``) that a stranger guessing at the account never spends.
///
/// The cookie `fp_<app>_device` holds up to ``capacity`` entries, newest first, each a random
/// device id and an HMAC under the server's key of the app, the account's email key and that id:
/// it names no email, cannot be made for another account, and a database copy does not forge it.
/// Proven by a password that matched, a verified registration or a reset through a mailed code.
public struct DeviceCookie: Sendable, Equatable {
    /// One account this browser has proved, as kept in the cookie.
    public struct Entry: Sendable, Equatable {
        /// The device's id for that account: a random token, what its attempts are counted under.
        public let id: String
        /// The HMAC binding the id to the account's email (base64url, 128 bits).
        public let mac: String

        public init(id: String, mac: String) {
            self.id = id
            self.mac = mac
        }
    }

    /// The most accounts one browser is remembered for; a further one drops the oldest.
    public static let capacity = 4
    /// How long a browser is remembered after it last proved an account: a year.
    static let lifetime = 365 * 86_400
    /// The longest cookie value read; anything longer is no device cookie of ours.
    private static let longestValue = capacity * 70

    public let entries: [Entry]

    public init(entries: [Entry] = []) {
        self.entries = entries
    }

    /// The cookie `request` carries for `app`, or an empty one when it carries none that reads.
    init(_ request: HTTPRequest, app: MountedApp) {
        guard let value = request.cookie(Self.name(app)), value.utf8.count <= Self.longestValue else {
            self.init()
            return
        }
        let entries = value.split(separator: "~", omittingEmptySubsequences: false).prefix(Self.capacity).compactMap { entry -> Entry? in
            let parts = entry.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 2, Secret.isToken(String(parts[0])), parts[1].utf8.count == 22 else { return nil }
            return Entry(id: String(parts[0]), mac: String(parts[1]))
        }
        self.init(entries: entries)
    }

    /// The name of `app`'s device cookie.
    static func name(_ app: MountedApp) -> String {
        app.cookieName + "_device"
    }

    /// The device id this browser proved `email` under, or nil when it never did (or the entry
    /// was made under another key).
    public func device(for email: String, app: String, key: StoreKey) -> String? {
        let account = Account.emailKey(email)
        return entries.first { Secret.constantTimeEqual(Self.mac(id: $0.id, account: account, app: app, key: key), $0.mac) }?.id
    }

    /// The cookie with `email` proved: its entry moved first, or a new one made there.
    public func proving(_ email: String, app: String, key: StoreKey) -> DeviceCookie {
        let id = device(for: email, app: app, key: key) ?? Secret.token()
        let entry = Entry(id: id, mac: Self.mac(id: id, account: Account.emailKey(email), app: app, key: key))
        return DeviceCookie(entries: Array(([entry] + entries.filter { $0.id != id }).prefix(Self.capacity)))
    }

    /// The `Set-Cookie` that keeps it for ``lifetime``: sent with every request to the app's host
    /// (its pages may be mounted anywhere on it), never readable by script.
    func cookie(for app: MountedApp, secure: Bool) -> Cookie {
        Cookie(name: Self.name(app), value: entries.map { $0.id + "." + $0.mac }.joined(separator: "~"), path: "/",
               maxAge: Self.lifetime, secure: secure)
    }

    private static func mac(id: String, account: String, app: String, key: StoreKey) -> String {
        Secret.base64URL(Array(key.mac("device\u{0}" + app + "\u{0}" + account + "\u{0}" + id).prefix(16)))
    }
}
