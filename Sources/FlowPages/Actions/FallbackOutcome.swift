import FlowStore

/// What a visitor did with a fallback page's offer of the installed app (``AppBanner``): the
/// outcomes counted per link pattern as `deep_link_fallback` analytics. Here, below the banner,
/// because dismissing it is a post the action interpreter carries out.
package enum FallbackOutcome: String, CaseIterable {
    case bannerShown = "banner_shown"
    case openInApp = "open_in_app"
    case store = "store"
    case codeGiven = "code_given"
    case codeClaimed = "code_claimed"
    case dismissed = "dismissed"

    /// The kind the link counters keep it under.
    package var kind: String { EventKind.deepLinkFallback.rawValue + ":" + rawValue }

    /// The session flag a dismissal sets, which hides the banner for the rest of the session;
    /// FlowPages' own (apps' flags cannot start with `_`).
    static let dismissedFlag = "_app-banner-dismissed"
}
