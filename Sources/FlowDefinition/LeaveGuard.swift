/// A screen whose form guards leaving it (`<unsaved-changes>` in a route): while the form holds
/// changes — its draft differs from the record the screen edits, or from empty on a screen that
/// creates one — every way of leaving the screen first asks with ``alert``, whose "discard"
/// button carries the held navigation out.
public struct LeaveGuard: Hashable, Sendable {
    /// The form whose draft is compared.
    public let form: String
    /// The alert asking whether to leave.
    public let alert: String
    /// The name (`as`) of the route's bound record the form edits; nil for a form that creates.
    public let record: String?

    public init(form: String, alert: String, record: String?) {
        self.form = form
        self.alert = alert
        self.record = record
    }
}
