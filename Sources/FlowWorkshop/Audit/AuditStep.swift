import FlowPages

/// One thing a person does on the way to an audited state, as ``AuditReplay`` does it: what an
/// auditor repeats with their own screen reader, and what the inventory's JSON lists.
enum AuditStep: Hashable, Sendable {
    /// Sign in on the app's sign-in screen, at `url`, as the fixture account `email`.
    case signIn(email: String, url: String)
    /// Go to the address `url`: typed, the first; followed as a link from the page, the next.
    case open(url: String)
    /// Send the form that posts the action `action` with `fields` typed into it (a sample the
    /// replay uses), or with every field it shows emptied (`emptied`).
    case post(action: String, fields: [String: String], emptied: Bool = false)
    /// The screen at `url` put on screen by the engine itself: no way a person takes reaches it
    /// (a later step behind a mailed code the replay does not receive).
    case byEngine(url: String)
    /// Press the tab `id` of the tab bar.
    case tab(String)
    /// Something the inventory puts on screen itself: an alert shown over the screen.
    case shows(alert: String)

    /// The step as the inventory's JSON lists it.
    var json: [String: Any] {
        switch self {
        case .signIn(let email, let url): ["signIn": email, "at": url]
        case .open(let url): ["open": url]
        case .post(let action, let fields, let emptied): ["post": action, "fields": fields, "emptied": emptied]
        case .tab(let id): ["tab": id]
        case .byEngine(let url): ["engine": url]
        case .shows(let alert): ["alert": alert]
        }
    }
}
