/// What set a navigation off; carried by every event for analytics and rendering.
public enum NavigationSource: String, Hashable, Sendable, Codable, CaseIterable {
    /// A person following a link or pressing a button.
    case direct
    /// A universal link or custom-scheme link from outside.
    case deepLink
    /// A tab bar selection.
    case tabSwitch
    /// A Back or Close control.
    case back
    /// The app itself: a guard, a resumed destination, a flow change after sign-in.
    case autoRedirect
}
