import Navigation

/// Flags the prototype tools leave in a session's state for the next post to act on: set by
/// ``PrototypeTools``, acted on by ``ActionInterpreter``.
package enum TesterFlag {
    /// The sign-in is taken as expired: the next action shows it.
    package static let expired = "flowpages.expired"

    /// Fails a submit as a tester armed it (``ArmedFailure``): counts the failure in `state`,
    /// disarms after the last, and shows the app's alert for it (one of `alerts`) or else an
    /// error toast. Returns the alert, nil when nothing was armed.
    static func failArmedSubmit(_ state: inout NavigationState, alerts: Set<String>) -> WellKnownAlert? {
        guard var armed = ArmedFailure(in: state) else { return nil }
        armed.failed += 1
        let isLast = armed.failed >= ArmedFailure.submitsInARow
        ArmedFailure.set(isLast ? nil : armed, in: &state)
        let alert: WellKnownAlert = isLast ? .serverErrorPersistent : armed.kind == .network ? .networkError : .serverError
        if alerts.contains(alert.id) {
            state.alert = Notice(alert.id)
        } else {
            state.addToast(Notice(ServerNotice.error, values: ["message": "The submit failed (simulated \(armed.kind.rawValue) error)."]))
        }
        return alert
    }
}
