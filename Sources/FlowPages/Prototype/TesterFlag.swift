import Navigation

/// Flags the prototype tools leave in a session's state for the next post to act on: set by
/// ``PrototypeTools``, acted on by ``ActionInterpreter``.
enum TesterFlag {
    static let expired = "flowpages.expired"
    static let failNetwork = "flowpages.fail-network"
    static let failServer = "flowpages.fail-server"
    /// Failed submits so far, as `flowpages.failures=N`.
    static let failures = "flowpages.failures="
    /// What every flag of an armed failure starts with.
    static let armedPrefix = "flowpages.fail"
    /// How many submits in a row fail once a failure is armed; the last one offers support.
    static let failuresInARow = 3

    /// Fails a submit as a tester armed it (a network or server error, three times in a row):
    /// counts the failure in `state`, disarms after the last, and shows the app's alert for it
    /// (one of `alerts`) or else an error toast. Returns the alert, nil when nothing was armed.
    static func failArmedSubmit(_ state: inout NavigationState, alerts: Set<String>) -> WellKnownAlert? {
        let network = state.flags.contains(failNetwork)
        guard network || state.flags.contains(failServer) else { return nil }
        let previous = state.flags.first { $0.hasPrefix(failures) }
        let count = (previous.flatMap { Int($0.dropFirst(failures.count)) } ?? 0) + 1
        state.flags = state.flags.filter { !$0.hasPrefix(armedPrefix) }
        if count < failuresInARow {
            state.flags.insert(network ? failNetwork : failServer)
            state.flags.insert(failures + String(count))
        }
        let alert: WellKnownAlert = count >= failuresInARow ? .serverErrorPersistent : network ? .networkError : .serverError
        if alerts.contains(alert.id) {
            state.alert = Notice(alert.id)
        } else {
            state.addToast(Notice(ServerNotice.error, values: ["message": "The submit failed (simulated \(network ? "network" : "server") error)."]))
        }
        return alert
    }
}
