/// An accessibility audit of an app: a named review that auditors fill in state by state, one
/// verdict per WCAG criterion, kept with the app folder's content hash it was started on.
public struct AuditReview: Sendable, Equatable {
    public let id: Int64
    public let app: String
    public let name: String
    /// Who started it.
    public let auditor: String
    /// Milliseconds since 1970.
    public let created: Int64
    /// The app folder's content hash when the audit was started.
    public let folderHash: String

    public init(id: Int64, app: String, name: String, auditor: String, created: Int64, folderHash: String) {
        self.id = id
        self.app = app
        self.name = name
        self.auditor = auditor
        self.created = created
        self.folderHash = folderHash
    }
}

/// A named auditor's verdict on one WCAG criterion in one state of an audit.
public struct ReviewFinding: Sendable, Equatable {
    public enum Outcome: String, Sendable, CaseIterable {
        case pass
        case fail
        case notApplicable = "not-applicable"
    }

    /// The inventory's id of the state (`form-errors:login:login`).
    public let state: String
    /// The criterion's number (`3.3.1`).
    public let criterion: String
    public let outcome: Outcome
    public let note: String
    public let auditor: String
    /// Milliseconds since 1970.
    public let updated: Int64
    /// What the state was made of when it was judged (its template and definition): when it
    /// differs from the state's now, the finding is "changed since reviewed".
    public let stateHash: String
    /// Raised by each write: a form sends the version it showed, so one auditor's verdict never
    /// silently replaces another's made meanwhile.
    public let version: Int64

    public init(state: String, criterion: String, outcome: Outcome, note: String, auditor: String, updated: Int64,
                stateHash: String, version: Int64 = 0) {
        self.state = state
        self.criterion = criterion
        self.outcome = outcome
        self.note = note
        self.auditor = auditor
        self.updated = updated
        self.stateHash = stateHash
        self.version = version
    }
}

/// The audits of apps and their findings.
public protocol ReviewReads {
    /// An app's audits, oldest first.
    func reviews(app: String) throws -> [AuditReview]
    /// The audit `id` of `app`, or nil.
    func review(id: Int64, app: String) throws -> AuditReview?
    /// Every finding of audit `review`, by state and criterion.
    func findings(review: Int64) throws -> [ReviewFinding]
    /// The automated pass last attached to audit `review`: when, and its results as the pass
    /// wrote them (JSON); nil when none was.
    func automatedPass(review: Int64) throws -> (attached: Int64, results: String)?
    /// The automated pass's screenshot of `state` in colour scheme `scheme` (`light`, `dark`)
    /// kept with audit `review`, as PNG; nil when none was.
    func screenshot(review: Int64, state: String, scheme: String) throws -> [UInt8]?
    /// The colour schemes audit `review` keeps a screenshot of `state` in, in name order.
    func screenshotSchemes(review: Int64, state: String) throws -> [String]
}

/// Audits written inside a ``StoreTransaction``.
public protocol ReviewWrites: ReviewReads {
    /// Starts an audit of `app`; returns it with its id.
    func create(app: String, name: String, auditor: String, folderHash: String, now: Int64) throws -> AuditReview
    /// Keeps `finding` in audit `review` as version `seen + 1`, provided the criterion's verdict
    /// in that state is still at version `seen` (0: there is none yet); false, keeping nothing,
    /// when someone else's verdict came first.
    func record(_ finding: ReviewFinding, in review: Int64, seen: Int64) throws -> Bool
    /// Keeps an automated pass's results (JSON) with audit `review`; the latest is the one shown.
    func attach(automatedPass results: String, to review: Int64, now: Int64) throws
    /// Keeps `png`, the automated pass's screenshot of `state` in `scheme`, with audit `review`,
    /// in place of the one kept before.
    func keep(screenshot png: [UInt8], of state: String, scheme: String, in review: Int64, now: Int64) throws
    /// Moves audit `review`'s verdicts on state `from` to state `to` (a state renamed), each
    /// keeping its version and what it was given on; a criterion `to` already has a verdict on
    /// stays where it was. Returns the criteria left on `from`.
    func move(review: Int64, from: String, to: String) throws -> [String]
}
