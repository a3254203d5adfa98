import FlowDefinition
import Navigation

/// What a post asks of a session: the navigation endpoints and the app's actions.
package enum PostCommand: Hashable, Sendable {
    /// Back, or Close at a modal's root (`/_back`).
    case back
    /// Dismiss the modal (`/_dismiss`), as an alert's button without an action does.
    case dismiss
    /// Select a tab (`/_tab/{id}`).
    case tab(CoordinatorID)
    /// Run an action of the app (`/_action/{id}`).
    case action(ActionDefinition)
    /// Start the current flow over (`/_start-over`), the way out of a screen that could not be shown.
    case startOver
    /// Throw unsaved changes away and carry out the navigation held for them (`/_discard`, the
    /// "Discard" of an unsaved-changes alert); see ``UnsavedChanges``.
    case discard
    /// Keep the posted form's fields as a draft and nothing else (`/_keep`): Enter in a form
    /// whose changes are saved only by its Save.
    case keep
    /// Hide the app banner for the rest of the session (`/_app-banner/dismiss`); see ``AppBanner``.
    case hideAppBanner

    /// How the screen it lands on was reached, for analytics.
    var source: NavigationSource {
        switch self {
        case .back, .dismiss: .back
        case .tab: .tabSwitch
        case .action, .startOver, .discard, .keep, .hideAppBanner: .direct
        }
    }
}

extension PostCommand {
    /// Whether carrying it out may write more than the session — app data, an effect's writes —
    /// which a post held or refused takes back (``StoreTransaction/tentatively(_:keeping:)``);
    /// a navigation alone writes nothing to take back.
    var writesBeyondSession: Bool {
        guard case .action(let action) = self else { return false }
        return action.steps.contains { step in
            switch step {
            case .data, .effect: true
            default: false
            }
        }
    }
}
