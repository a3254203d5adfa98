import FlowDefinition
import Navigation

/// One tester's try at one mission, as their session recorded it: the screens they were shown
/// from the mission's start, and how the try ended. A restart begins a new attempt.
struct MissionAttempt: Hashable, Sendable {
    /// A screen the tester was shown, when (milliseconds since 1970), and whether they came to it
    /// by going back — the app's Back, or the browser's (the session was asked for a page it
    /// had shown before).
    struct Step: Hashable, Sendable {
        let route: RouteName
        let at: Int64
        let isBack: Bool

        init(_ route: RouteName, at: Int64, isBack: Bool = false) {
            self.route = route
            self.at = at
            self.isBack = isBack
        }
    }

    /// How the tester ended the try, when they did.
    enum End: Hashable, Sendable {
        /// "I'm done".
        case done(at: Int64)
        /// "Give up".
        case gaveUp(at: Int64)
    }

    /// When the mission's brief was left for the app.
    let started: Int64
    /// In order; the first is the start state's screen.
    let steps: [Step]
    let end: End?
}
