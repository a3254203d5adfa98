import FlowDefinition

/// The alerts FlowPages shows by convention when an app folder declares them by these ids;
/// without one it shows a toast of its own instead. Documented in `Views/README.md`, and checked
/// when a folder loads (see ``AppVocabulary``), as is `<route>-expired`: the alert for a deep link
/// to `<route>` whose token has expired.
package enum WellKnownAlert: String, CaseIterable, Sendable {
    case invalidLink = "invalid-link"
    case sessionExpired = "session-expired"
    case networkError = "network-error"
    case serverError = "server-error"
    case serverErrorPersistent = "server-error-persistent"

    /// The alert's name, as a state names it.
    package var id: String { rawValue }

    /// When FlowPages shows it.
    var shownWhen: String {
        switch self {
        case .invalidLink: "a deep link is malformed, unknown, names nothing that exists, or cannot be opened by this app"
        case .sessionExpired: "the next action after a tester expired the sign-in (prototype toolbar); not dismissible"
        case .networkError: "a submit fails because a tester armed a network failure"
        case .serverError: "a submit fails because a tester armed a server failure"
        case .serverErrorPersistent: "the third armed failure in a row (offer Contact Support)"
        }
    }

    /// The id of the alert for an expired link to `route` (the route's name and
    /// ``AppVocabulary/expiredLinkSuffix``), whether or not the app declares one: the caller looks.
    static func expiredLink(_ route: String) -> String {
        route + AppVocabulary.expiredLinkSuffix
    }
}

extension AppVocabulary {
    /// What app folders served with `effects` may name: those effects and the well-known alerts.
    public static func served(with effects: EffectRegistry) -> AppVocabulary {
        AppVocabulary(
            effects: effects.effects.mapValues(\.summary),
            alerts: Dictionary(uniqueKeysWithValues: WellKnownAlert.allCases.map { ($0.id, $0.shownWhen) }),
            icons: TabIcon.names
        )
    }
}
