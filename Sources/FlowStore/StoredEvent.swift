/// An analytics event as stored: what happened, on which screen, coming from where.
public struct StoredEvent: Hashable, Sendable {
    /// Milliseconds since 1970.
    public var time: Int64
    public var app: String
    /// `screen_view`, `back_button_pressed`, `deep_link_opened`, `funnel_step`…
    public var kind: String
    public var screen: String?
    public var previousScreen: String?
    /// How the screen was reached: `direct`, `deep_link`, `tab_switch`, `back_navigation`…
    public var source: String?
    /// Free detail, such as `stack_depth=2`.
    public var detail: String?

    public init(time: Int64, app: String, kind: String, screen: String? = nil, previousScreen: String? = nil, source: String? = nil, detail: String? = nil) {
        self.time = time
        self.app = app
        self.kind = kind
        self.screen = screen
        self.previousScreen = previousScreen
        self.source = source
        self.detail = detail
    }
}
