/// The answers to a test's built-in question about assistive technology, which the results are
/// filtered by: a team sees how screen-reader users did beside everyone else.
enum AssistiveTechnology: String, CaseIterable, Sendable {
    case none
    case screenReader = "screen-reader"
    case magnifier
    case voiceControl = "voice-control"
    case switchAccess = "switch-access"
    case keyboardOnly = "keyboard-only"
    case other

    /// The question's id among a tester's answers.
    static let question = "assistive-technology"

    /// What the tester reads, and the results' filter shows.
    var label: String {
        switch self {
        case .none: "None"
        case .screenReader: "A screen reader"
        case .magnifier: "Screen magnification"
        case .voiceControl: "Voice control"
        case .switchAccess: "Switch access"
        case .keyboardOnly: "A keyboard only, no mouse"
        case .other: "Something else"
        }
    }
}
