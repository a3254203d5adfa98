import FlowStore
import HTTPServer
import Navigation

/// What a screen's GET — a screen's address, a tab link, a link opened at `/_open` — comes to,
/// decided before anything is written (``ScreenDecider``) and then committed and answered in one
/// place (``ScreenRequests``).
enum ScreenDecision: Equatable {
    /// The session moves as `move` says and its current screen is shown there, answered `status`;
    /// the one-shot notices the page shows (toasts, a form's errors) are cleared as it commits.
    case show(Move, status: HTTPStatus = .ok)
    /// The session moves as `move` says, and the answer is 303 to its current screen.
    case redirect(Move)
    /// The session's current screen as it is, with an error toast saying `message`, answered
    /// `status` (an address the app cannot show); nothing is written.
    case refuse(message: String, status: HTTPStatus)
    /// No screen has the address: 404, the app's error page saying `message`.
    case notFound(message: String)

    /// Where a session goes and how: the state with the source of the move and the events it
    /// logs, and the outcomes of a link counted rather than logged.
    struct Move: Equatable {
        var state: NavigationState
        var source: NavigationSource = .direct
        var events: [StoredEvent] = []
        /// Outcomes counted per pattern instead of logged: a link's (a visitor without a
        /// session, or a link that changes nothing), the app banner shown.
        var counted: [LinkCount] = []
    }

    /// Events counted under a link pattern (``LinkCounters``).
    struct LinkCount: Hashable, Sendable {
        let pattern: String
        var kinds: [String]
    }
}
