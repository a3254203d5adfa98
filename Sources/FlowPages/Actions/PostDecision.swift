import FlowDefinition
import FlowStore
import Navigation

/// What a post decided, as a value: the one commit of its unit of work saves it. Only a post
/// carried out keeps what it wrote; held or refused, its writes are taken back in that same
/// commit (``StoreTransaction/tentatively(_:keeping:)``) and the state that says so is saved.
enum PostDecision {
    /// Carried out: the new state, its events, and how it moved (`source`).
    case done(NavigationState, events: [StoredEvent], source: NavigationSource)
    /// It would leave unsaved changes: the state that asks first.
    case held(NavigationState)
    /// It cannot be done as asked.
    case refused(ActionRefused)

    /// Whether what the post wrote stays.
    var keepsWrites: Bool {
        if case .done = self { true } else { false }
    }

    /// What the commit saves, from `page`, the state the post was made on: a refusal is said
    /// there in the app's own words — the alert it declares (`alerts`), else a toast.
    func saved(from page: NavigationState, alerts: [String: AlertDefinition]) -> (state: NavigationState, events: [StoredEvent], source: NavigationSource) {
        switch self {
        case .done(let state, let events, let source):
            return (state, events, source)
        case .held(let state):
            return (state, [], .direct)
        case .refused(let refused):
            var unchanged = page
            unchanged.formErrors = nil
            if let alert = refused.alert, alerts[alert.id] != nil {
                unchanged.alert = Notice(alert.id)
            } else {
                unchanged.addToast(Notice(ServerNotice.error, values: ["message": refused.message]))
            }
            return (unchanged, [], .direct)
        }
    }
}
