import Navigation

/// Where a link leads inside an app: a screen, or a tab as a tab link selects it
/// (`coinapp://tab/projects`: the tab with its stack as it is).
enum LinkDestination: Hashable, Sendable {
    case screen(RouteInstance)
    case tab(CoordinatorID)

    /// The command that follows the link.
    func command(_ source: NavigationSource) -> NavigationCommand {
        switch self {
        case .screen(let instance): .navigate(instance, source: source)
        case .tab(let tab): .openTab(tab, source: source)
        }
    }
}
