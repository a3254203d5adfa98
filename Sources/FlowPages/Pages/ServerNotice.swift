/// The toasts FlowPages shows of its own, not declared by an app: put in a session's state by the
/// request handlers and the interpreter, worded by ``PageModel``.
package enum ServerNotice {
    /// A post came from a page that no longer matches the session (DECISIONS 2).
    static let outOfDate = "flowpages.out-of-date"
    /// Any other message of FlowPages' own (what a prototype tool did), its text in `message`.
    package static let message = "flowpages.notice"
    /// Something that could not be done (a refused action, a broken link or screen), its text in
    /// `message`: shown as an error.
    static let error = "flowpages.error"
}
