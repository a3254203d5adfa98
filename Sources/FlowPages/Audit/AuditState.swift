import Navigation

/// One state of an app an auditor reviews — a screen, a modal over the screen it opens from, a
/// form with its errors showing, an alert or toast, a guarded screen signed out, the invalid-link
/// and not-found pages — worked out from `app.xml` and the app's fixtures (``AuditInventory``).
struct AuditState: Hashable, Sendable {
    /// What kind of state it is; the inventory counts them by kind.
    enum Kind: String, CaseIterable, Sendable {
        case screen
        case modal
        case formErrors = "form-errors"
        case alert
        case confirmation
        case toast
        case signedOut = "signed-out"
        case invalidLink = "invalid-link"
        case notFound = "not-found"

        /// How the inventory page heads the states of this kind.
        var heading: String {
            switch self {
            case .screen: "Screens"
            case .modal: "Modals and sheets"
            case .formErrors: "Forms with their errors showing"
            case .alert: "Alerts"
            case .confirmation: "Confirmations"
            case .toast: "Toasts"
            case .signedOut: "Guarded screens, signed out"
            case .invalidLink: "Invalid link"
            case .notFound: "Not found"
            }
        }
    }

    /// How a state is put on screen from the app's start.
    enum Recipe: Hashable, Sendable {
        /// The screen, reached as a link to it is (the stack beneath built); signed in as the
        /// app's first fixture account when `signedIn`.
        case screen(RouteInstance, signedIn: Bool)
        /// The screen with `form` posted empty: the errors its rules give.
        case formErrors(RouteInstance, signedIn: Bool, action: String)
        /// The screen with the app's alert `alert` over it.
        case alert(RouteInstance, signedIn: Bool, alert: String)
        /// The screen with the toast `toast` showing.
        case toast(RouteInstance, signedIn: Bool, toast: String)
        /// A visitor asking for a guarded screen: the sign-in asked first.
        case signedOut(RouteInstance)
        /// The app's start with its invalid-link alert.
        case invalidLink
        /// An address that names no screen.
        case notFound(path: String)
    }

    /// Stable while the app folder keeps the names it is built from: what findings are kept under.
    let id: String
    let kind: Kind
    /// What the inventory calls it: "Login", "Delete this listing? over Listing".
    let name: String
    /// How it is opened; nil when it cannot be, with ``note`` saying why.
    let recipe: Recipe?
    /// Why it cannot be opened, or what to know about it.
    let note: String?

    /// The route whose screen the state shows: its own, or for a guarded screen met signed out
    /// the sign-in screen; nil for the invalid-link and not-found pages.
    func shownRoute(in navigation: NavigationDefinition) -> RouteName? {
        let parts = id.split(separator: ":", maxSplits: 2).map(String.init)
        guard parts.count > 1 else { return kind == .invalidLink ? navigation.currentScreen(in: navigation.initialState).name : nil }
        return kind == .signedOut ? navigation.signIn?.route ?? RouteName(parts[1]) : RouteName(parts[1])
    }

    /// The form, alert or toast the state shows over its screen, by its id.
    var overlay: String? {
        let parts = id.split(separator: ":", maxSplits: 2)
        return parts.count > 2 ? String(parts[2]) : nil
    }

    init(id: String, kind: Kind, name: String, recipe: Recipe?, note: String? = nil) {
        self.id = id
        self.kind = kind
        self.name = name
        self.recipe = recipe
        self.note = note
    }
}
