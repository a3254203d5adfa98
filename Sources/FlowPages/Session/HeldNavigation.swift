import Navigation

/// A navigation held back until the person answers the unsaved-changes alert, each kind spelled
/// once: the session keeps it as a ``Notice`` (``NavigationState/heldNavigation``) named
/// `back`, `tab:<id>`, `action:<id>` (with the fields it posted), `screen:<url>` or `link:<url>`.
enum HeldNavigation: Hashable {
    case back
    case dismiss
    case startOver
    case tab(CoordinatorID)
    /// An action, with the fields it posted (never a password or the CSRF token).
    case action(id: String, form: [String: String])
    /// A screen's GET: the browser's Back, an address typed.
    case screen(url: String)
    /// A deep link.
    case link(url: String)

    /// As the session keeps it.
    var notice: Notice {
        switch self {
        case .back: Notice("back")
        case .dismiss: Notice("dismiss")
        case .startOver: Notice("start-over")
        case .tab(let tab): Notice("tab:" + tab.rawValue)
        case .action(let id, let form): Notice("action:" + id, values: form)
        case .screen(let url): Notice("screen:" + url)
        case .link(let url): Notice("link:" + url)
        }
    }

    /// The navigation `notice` keeps; nil for a name this code does not know.
    init?(_ notice: Notice) {
        let name = notice.name
        let (kind, target) = name.firstIndex(of: ":").map { (name[..<$0], String(name[name.index(after: $0)...])) } ?? (Substring(name), "")
        switch kind {
        case "back": self = .back
        case "dismiss": self = .dismiss
        case "start-over": self = .startOver
        case "tab": self = .tab(CoordinatorID(target))
        case "action": self = .action(id: target, form: notice.values)
        case "screen": self = .screen(url: target)
        case "link": self = .link(url: target)
        default: return nil
        }
    }
}
