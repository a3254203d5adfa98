import HTTPServer
import Navigation

/// How a page came to replace the one before it, as the phone would animate the change: a push
/// slides in from the trailing edge and Back slides out, a sheet rises and falls, a tab switch
/// cross-fades, anything else (replace, deep links, a flow changed) cross-fades. The page says
/// it as `<html data-motion>`, and the stylesheet's cross-document view transitions move each
/// kind its own way; a page without one changes without moving (a form's errors, a reload).
///
/// A GET that changes the screen itself (the browser's Back, a typed address) knows its motion;
/// a post's travels in a short-lived cookie on its 303, which the page it leads to reads and
/// clears — nothing is written for it.
enum Motion: String, Sendable {
    case push, back, present, dismiss, tab, replace

    /// How long a post's motion waits for the page it leads to, in seconds.
    static let cookieLifetime = 60

    /// The change from `old` to `new`; nil when the screen on top is the same.
    static func between(_ old: Screen, _ new: Screen, source: NavigationSource) -> Motion? {
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

    /// The name of the cookie a post's motion travels in, for `app`.
    static func cookieName(_ app: MountedApp) -> String { app.cookieName + "_motion" }

    /// The cookie carrying `motion` to the page a 303 leads to, or (nil) clearing it there.
    static func cookie(_ motion: Motion?, app: MountedApp) -> Cookie {
        Cookie(name: cookieName(app), value: motion?.rawValue ?? "", path: "/", maxAge: motion == nil ? 0 : cookieLifetime)
    }

    private static func modalRoot(of screen: Screen) -> RouteInstance? {
        screen.breadcrumbs.first { $0.layer == .modal }?.route
    }

    private static func selectedTab(of screen: Screen) -> CoordinatorID? {
        screen.tabBar?.items.first(where: \.isSelected)?.id
    }
}
