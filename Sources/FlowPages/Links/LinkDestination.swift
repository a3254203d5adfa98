import Navigation

/// Where a link leads inside an app: a screen, or a tab as a tab link selects it
/// (`coinapp://tab/projects`: the tab with its stack as it is).
enum LinkDestination: Hashable, Sendable {
    case screen(RouteInstance)
    /// A tab, and the path of its link below the app's prefix (`/tab/projects`).
    case tab(CoordinatorID, path: String)

    /// The command that follows the link.
    func command(_ source: NavigationSource) -> NavigationCommand {
        switch self {
        case .screen(let instance): .navigate(instance, source: source)
        case .tab(let tab, _): .openTab(tab, source: source)
        }
    }
}
