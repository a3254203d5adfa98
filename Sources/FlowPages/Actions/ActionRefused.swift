import Navigation

/// An action that cannot be done as asked: a navigation the engine refused, a record that does
/// not exist, a write that cannot be made. Nothing of the action is kept, and the person is told
/// in the app's own words: an alert the app declares (``alert``), else ``message`` as a toast.
package struct ActionRefused: Error {
    let message: String
    /// The app's alert for it, when the app declares one.
    var alert: WellKnownAlert?
    /// The engine's reason, when it was a navigation.
    var reason: NavigationError?

    init(message: String, alert: WellKnownAlert? = nil) {
        self.message = message
        self.alert = alert
    }

    /// A link or button to a record that does not exist: the app's Invalid Link alert.
    static let notFound = ActionRefused(message: "That no longer exists, or never did.", alert: .invalidLink)

    init(reason: NavigationError) {
        self.reason = reason
        message = switch reason {
        case .depthLimitExceeded, .detourLimitExceeded:
            "You can't go further from here. Go back first, then try again."
        case .draftTooLarge:
            "That form is too large to keep. Shorten what you typed and try again."
        case .inactiveFlow:
            "That isn't available from here."
        case .nothingToGoBackTo:
            "There is nothing to go back to."
        case .unknownRoute, .missingParameter, .invalidParameter, .unknownParameter, .unknownTab, .unknownFlow, .noModalPresented,
             .noDetourPresented, .invalidDetour, .invalidUserID:
            "That can't be done from here."
        }
    }
}
