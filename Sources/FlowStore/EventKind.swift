/// What an event records, each spelled once: the names seed 000 §13 gives them, as a
/// ``StoredEvent/kind`` keeps them and the insights count them.
public enum EventKind: String, Sendable, CaseIterable {
    /// A screen shown after another (with the time spent on the one before).
    case screenView = "screen_view"
    /// The in-page Back pressed, with the depth of the trail it was pressed on.
    case backButtonPressed = "back_button_pressed"
    /// A step of a funnel an action tracks.
    case funnelStep = "funnel_step"
    /// A deep link arrived…
    case deepLinkOpened = "deep_link_opened"
    /// …and opened its screen,
    case deepLinkSuccess = "deep_link_success"
    /// …or could not (the app's alert said why),
    case deepLinkFailure = "deep_link_failure"
    /// …or was answered otherwise: a signed-in person's link to the auth screens, or the web
    /// fallback page's outcome (its ``StoredEvent/outcome``).
    case deepLinkFallback = "deep_link_fallback"
    /// A sign-in a tester expired, found by the next post.
    case sessionExpired = "session_expired"
    /// An error alert shown for a submit that failed.
    case errorShown = "error_shown"

    /// Whether it is one of a deep link's: what link counts count.
    public var isDeepLink: Bool { rawValue.hasPrefix("deep_link_") }
}
