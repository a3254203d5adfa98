/// A node of an app's coordinator tree: a flow orchestrator, a tab coordinator or a stack.
///
/// Build trees with the static factories:
/// ```swift
/// .flows("app", initial: "auth", [
///     .stack("auth", root: "login", depthLimit: 4),
///     .tabs("main", [.stack("home", root: "home", tab: TabItem("Home"))]),
/// ])
/// ```
public struct CoordinatorDefinition: Hashable, Sendable {
    /// What kind of coordinator this is.
    public enum Kind: Hashable, Sendable {
        /// Orchestrates major flows (onboarding, login, main); one is active at a time and each
        /// starts fresh when entered. Only the root of the tree may be a flow orchestrator.
        case flows(initial: CoordinatorID)
        /// A tab bar over stacks; each tab keeps its own stack. Without `initial` the first tab is
        /// selected at start.
        case tabs(initial: CoordinatorID?)
        /// A navigation stack starting at `root`. `depthLimit` caps the screens on it, root included.
        case stack(root: RouteName, depthLimit: Int?)
    }

    /// The coordinator's unique identifier.
    public var id: CoordinatorID
    /// Its kind.
    public var kind: Kind
    /// Flows of a flow orchestrator or tabs of a tab coordinator; a stack has none.
    public var children: [CoordinatorDefinition]
    /// Stacks this coordinator can present modally, one at a time.
    public var modals: [CoordinatorDefinition]
    /// The tab bar item, for a child of a tab coordinator.
    public var tab: TabItem?
    /// Whether everything under this coordinator requires a signed-in user.
    public var requiresSignIn: Bool

    /// A flow orchestrator whose `children` are the app's flows.
    public static func flows(
        _ id: CoordinatorID, initial: CoordinatorID, _ children: [CoordinatorDefinition],
        modals: [CoordinatorDefinition] = []
    ) -> CoordinatorDefinition {
        CoordinatorDefinition(id: id, kind: .flows(initial: initial), children: children, modals: modals, tab: nil, requiresSignIn: false)
    }

    /// A tab coordinator whose `children` are stacks carrying a `tab` item.
    public static func tabs(
        _ id: CoordinatorID, initial: CoordinatorID? = nil, _ children: [CoordinatorDefinition],
        modals: [CoordinatorDefinition] = [], requiresSignIn: Bool = false
    ) -> CoordinatorDefinition {
        CoordinatorDefinition(id: id, kind: .tabs(initial: initial), children: children, modals: modals, tab: nil, requiresSignIn: requiresSignIn)
    }

    /// A stack starting at `root`.
    public static func stack(
        _ id: CoordinatorID, root: RouteName, depthLimit: Int? = nil, tab: TabItem? = nil,
        modals: [CoordinatorDefinition] = [], requiresSignIn: Bool = false
    ) -> CoordinatorDefinition {
        CoordinatorDefinition(id: id, kind: .stack(root: root, depthLimit: depthLimit), children: [], modals: modals, tab: tab, requiresSignIn: requiresSignIn)
    }
}

/// What a tab shows in the tab bar.
public struct TabItem: Hashable, Sendable {
    /// The tab's label, such as "Home".
    public var title: String
    /// The icon's name, such as `house.fill`.
    public var icon: String?
    /// The name of the value that supplies the badge, such as `unreadInquiries`; the web layer
    /// resolves it to a count.
    public var badge: String?

    /// Creates a tab item.
    public init(_ title: String, icon: String? = nil, badge: String? = nil) {
        self.title = title
        self.icon = icon
        self.badge = badge
    }
}
