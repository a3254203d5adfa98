/// What an app folder may name that FlowPages, not the folder, provides: the effects its
/// actions run and the alerts it shows by convention. Checked when a folder loads, so a folder
/// that passes `flowpages check` never names something the server cannot do.
public struct AppVocabulary: Sendable {
    /// The effects an `<effect name>` may name, with a one-line summary of each.
    public let effects: [String: String]
    /// The alert ids FlowPages looks up by convention, with when each is shown.
    public let alerts: [String: String]
    /// The tab icons FlowPages draws (`house.fill`), besides a folder's own `icons.svg`.
    public let icons: Set<String>
    /// The suffix of the alert shown for a deep link to route `<name>` whose token is expired
    /// (`reset-password-expired`).
    public static let expiredLinkSuffix = "-expired"

    public init(effects: [String: String], alerts: [String: String], icons: Set<String>) {
        self.effects = effects
        self.alerts = alerts
        self.icons = icons
    }
}
