/// What a page needs to know about where the person is: the query API for rendering.
public struct Screen: Hashable, Sendable {
    /// The screen on top.
    public let route: RouteInstance
    /// Its title.
    public let title: String
    /// How it is presented, which decides the Back or Close control.
    public let context: PresentationContext
    /// What the in-page Back (or Close) control does; nil at a root, which shows none.
    public let back: BackAction?
    /// The trail to here: the visible stack, root first, then the modal's screens and every detour's, bottom first.
    public let breadcrumbs: [Breadcrumb]
    /// The tab bar, when the screen sits in a tab coordinator.
    public let tabBar: TabBar?
    /// The screen beneath a modal or detour, shown inert under it.
    public let underlying: RouteInstance?
}

/// How the current screen is presented (seed 004 §9).
public enum PresentationContext: Hashable, Sendable {
    /// The root of the app or of a flow: no Back.
    case root
    /// The root of a tab: no Back.
    case tab
    /// Pushed onto a stack: Back.
    case pushed
    /// Inside a modal of the given style: Close at its root, Back above it; no tab bar.
    case modal(ModalStyle)
    /// Inside a detour: Back, which returns to the context underneath.
    case detour
}

/// What the in-page Back or Close control does.
public enum BackAction: Hashable, Sendable {
    /// Pops to the named screen.
    case pop(to: RouteInstance)
    /// Closes the modal, revealing the named screen.
    case dismissModal(revealing: RouteInstance)
    /// Closes the top detour, revealing the named screen.
    case dismissDetour(revealing: RouteInstance)

    /// The screen shown after going back: what a Back button is named after.
    public var destination: RouteInstance {
        switch self {
        case .pop(let route), .dismissModal(let route), .dismissDetour(let route): route
        }
    }
}

/// One step of the trail to the current screen.
public struct Breadcrumb: Hashable, Sendable {
    /// Where a step lives.
    public enum Layer: Hashable, Sendable {
        /// A stack of the coordinator tree.
        case stack
        /// The presented modal.
        case modal
        /// A presented detour.
        case detour
    }

    /// The screen.
    public let route: RouteInstance
    /// Its breadcrumb label: the route's short name, else its title.
    public let title: String
    /// Where it lives.
    public let layer: Layer
}

/// The tab bar of the visible tab coordinator.
public struct TabBar: Hashable, Sendable {
    /// One tab.
    public struct Item: Hashable, Sendable {
        /// The tab's stack coordinator, the argument of ``NavigationCommand/selectTab(_:)``.
        public let id: CoordinatorID
        /// What the tab bar shows.
        public let item: TabItem
        /// Whether this is the selected tab (`aria-current`).
        public let isSelected: Bool
        /// Whether opening the tab requires sign-in.
        public let requiresSignIn: Bool
        /// The tab's top screen: where selecting it leads.
        public let top: RouteInstance
    }

    /// The tab coordinator.
    public let coordinator: CoordinatorID
    /// The tabs, in order.
    public let items: [Item]
    /// False while a modal or detour covers the tabs.
    public let isVisible: Bool
}
