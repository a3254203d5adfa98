/// How a screen came to replace the one before it, as the phone would animate the change: a push
/// slides in from the trailing edge and Back slides it out, a sheet rises and falls, a tab switch
/// cross-fades, anything else (replace, deep links, a flow changed) cross-fades. The session keeps
/// the last one (``NavigationState/motion``) with the state its change committed, so the page
/// that shows it says how it came (`<html data-motion>`) with nothing more written.
public enum Motion: String, Sendable, Hashable, CaseIterable {
    case push, back, present, dismiss, tab, replace

    /// The change from `old` to `new`; nil when the screen on top is the same.
    public static func between(_ old: Screen, _ new: Screen, source: NavigationSource) -> Motion? {
        guard old.route != new.route else { return nil }
        if source == .deepLink { return .replace }
        let (wasModal, isModal) = (modalRoot(of: old), modalRoot(of: new))
        if let isModal, isModal != wasModal { return .present }
        if wasModal != nil, isModal == nil { return .dismiss }
        if isModal == nil, selectedTab(of: old) != selectedTab(of: new) { return .tab }
        let (before, after) = (old.breadcrumbs.map(\.route), new.breadcrumbs.map(\.route))
        if after.count > before.count, after.starts(with: before) { return .push }
        if after.count < before.count, before.starts(with: after) { return .back }
        return .replace
    }

    private static func modalRoot(of screen: Screen) -> RouteInstance? {
        screen.breadcrumbs.first { $0.layer == .modal }?.route
    }

    private static func selectedTab(of screen: Screen) -> CoordinatorID? {
        screen.tabBar?.items.first(where: \.isSelected)?.id
    }
}
