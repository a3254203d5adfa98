import FlowPages
import Navigation

/// One state of an app an auditor reviews — a screen (signed in and signed out where they
/// differ), a modal over the screen that presents it, a form with its errors showing, an alert,
/// a toast where the app lands after the action that shows it, a guarded screen signed out, the
/// invalid-link and not-found pages — worked out by replaying the app (``AuditInventory``).
struct AuditState: Hashable, Sendable {
    /// What kind of state it is; the inventory counts them by kind.
    enum Kind: String, CaseIterable, Sendable {
        case screen
        case signedIn = "signed-in"
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
            case .signedIn: "Screens, signed in"
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

    /// What a person presses on a screen on the way: a button that sends an action of the app,
    /// or a tab of the tab bar.
    enum Move: Hashable, Sendable {
        case action(String)
        case tab(CoordinatorID)
    }

    /// How a screen is reached from the app's start: `instance` opened as a link to it opens it
    /// (the stack beneath built), signed in as the app's first fixture account when `signedIn`;
    /// then `moves` replayed in turn, each on the screen the one before led to — the action that
    /// presents a modal, or the way through a flow a typed address does not enter.
    struct Reach: Hashable, Sendable {
        /// The screen opened first: the state's own, the one presenting a modal, the app's start.
        let instance: RouteInstance
        let signedIn: Bool
        /// What is pressed from there, in turn.
        let moves: [Move]

        init(_ instance: RouteInstance, signedIn: Bool, moves: [Move] = []) {
            self.instance = instance
            self.signedIn = signedIn
            self.moves = moves
        }
    }

    /// How a state is put on screen from the app's start.
    enum Recipe: Hashable, Sendable {
        /// The screen as reached.
        case screen(Reach)
        /// The screen with the form its action `action` posts sent empty: the errors its rules give.
        case formErrors(Reach, action: String)
        /// The screen with the app's alert `alert` over it.
        case alert(Reach, alert: String)
        /// The actions `actions` replayed in turn (``AuditReplay``) — the screen's, then the one
        /// of a button of the alert it shows — along the outcomes of their effects that show
        /// `toast` (by effect name, success or failure), landing where the app lands.
        case toast(Reach, actions: [String], toast: String, outcomes: [String: Bool])
        /// A visitor asking for a guarded screen as `reach` reaches it, signed out: the sign-in asked first.
        case signedOut(Reach)
        /// The app's start with its invalid-link alert.
        case invalidLink
        /// An address that names no screen.
        case notFound(path: String)

        /// Whether an action of the app is replayed to make it.
        var isReplayed: Bool {
            if case .toast = self { true } else { false }
        }

        /// How the screen the state starts from is reached; nil for the pages of their own.
        var reach: Reach? {
            switch self {
            case .screen(let reach), .formErrors(let reach, _), .alert(let reach, _), .toast(let reach, _, _, _), .signedOut(let reach): reach
            case .invalidLink, .notFound: nil
            }
        }
    }

    /// Stable while the app folder keeps the names it is built from: what findings are kept under.
    let id: String
    let kind: Kind
    /// What the inventory calls it, its sample data filled in: "Doctor Ada Lovelace",
    /// "Toast “You are signed out.” after Sign Out on Profile"; unique within the app.
    var name: String
    /// How it is opened; nil when it cannot be, with ``note`` saying why.
    let recipe: Recipe?
    /// Why it cannot be opened, or what to know about it.
    let note: String?
    /// The route whose screen the state shows (where a toast's action lands, the sign-in a
    /// guarded screen asks for first); nil for the not-found page.
    let shownRoute: RouteName?

    /// The form, alert or toast the state shows over its screen, by its id.
    var overlay: String? {
        let parts = id.split(separator: ":", maxSplits: 2)
        return parts.count > 2 ? String(parts[2]) : nil
    }

    init(id: String, kind: Kind, name: String, recipe: Recipe?, note: String? = nil, shownRoute: RouteName?) {
        self.id = id
        self.kind = kind
        self.name = name
        self.recipe = recipe
        self.note = note
        self.shownRoute = shownRoute
    }
}
