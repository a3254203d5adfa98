import FlowPages
import FlowStore
import Foundation

/// An audit's findings read against the app as it is now: per state, the criteria that apply and
/// the verdicts given, marked when the state changed since; per criterion, its conformance as an
/// Accessibility Conformance Report states it, from the auditors' verdicts and the attached
/// automated pass's findings together.
struct ReviewReport {
    enum Conformance: String {
        case supports = "Supports"
        case partiallySupports = "Partially Supports"
        case doesNotSupport = "Does Not Support"
        case notApplicable = "Not Applicable"
        case notEvaluated = "Not Evaluated"
    }

    struct StateReview {
        let state: AuditState
        let criteria: ApplicableCriteria
        /// What the state is made of now (``StateSources/hash``).
        let hash: String
        /// Its verdicts, by criterion number.
        let findings: [String: ReviewFinding]
        /// What the attached automated pass found in it, if it audited it.
        let automated: AutomatedPass.StateResult?

        /// Whether `criterion` is judged here: the mapping expects it, or an auditor judged it.
        func holds(_ criterion: WCAGCriterion) -> Bool {
            findings[criterion.number] != nil || criteria.criteria.contains { $0.criterion == criterion }
        }

        /// The automated pass's findings that fail `criterion` here.
        func automatedFailures(of criterion: WCAGCriterion) -> [AutomatedPass.Finding] {
            automated?.findings.filter { $0.criteria.contains(criterion.number) } ?? []
        }

        /// Whether a verdict was given on what the state was before its template or definition changed.
        var changedSinceReviewed: Bool { findings.values.contains { $0.stateHash != hash } }
        var judged: Int { criteria.criteria.filter { findings[$0.criterion.number] != nil }.count }
        var failed: [ReviewFinding] { findings.values.filter { $0.outcome == .fail }.sorted { $0.criterion < $1.criterion } }
    }

    struct CriterionRow {
        let criterion: WCAGCriterion
        let conformance: Conformance
        /// The states where it failed, each with why: an auditor's note, or the automated finding.
        let failing: [(state: AuditState, because: String)]
        let remarks: String
    }

    let review: AuditReview
    let states: [StateReview]
    let rows: [CriterionRow]
    /// Whether the app folder differs from the one the audit was started on.
    let folderChanged: Bool
    /// The automated pass last attached to the audit.
    let automated: AutomatedPass?
    /// Verdicts on states the app no longer has (a route renamed, a form removed), by state id:
    /// kept, listed and exported, never dropped.
    let homeless: [String: [ReviewFinding]]

    /// The report of every state, or with `only` of that one state (its page, its save): each
    /// state read costs its template files from disk.
    init(review: AuditReview, findings: [ReviewFinding], automated: AutomatedPass?, app: MountedApp, inventory: AuditInventory, only: String? = nil) {
        self.review = review
        self.automated = automated
        let byState = Dictionary(grouping: findings, by: \.state)
        let states = inventory.states.filter { only == nil || $0.id == only }.map { state in
            let sources = StateSources(state, in: app)
            return StateReview(state: state, criteria: ApplicableCriteria(state, in: app, sources: sources), hash: sources.hash,
                               findings: Dictionary(uniqueKeysWithValues: (byState[state.id] ?? []).map { ($0.criterion, $0) }),
                               automated: automated?.states[state.id])
        }
        self.states = states
        let known = Set(inventory.states.map(\.id))
        homeless = only == nil ? byState.filter { !known.contains($0.key) } : [:]
        folderChanged = StateSources.folderHash(app.app) != review.folderHash
        rows = WCAGCriterion.all.map { Self.row($0, states: states) }
    }

    /// One state's outcome for a criterion: an auditor's fail, or pass with a note (their word
    /// overrides the automated pass, said so); else a failure the automated pass found; else the
    /// auditor's plain pass; nil when nobody judged it and nothing failed.
    private enum Outcome {
        case failed(because: String)
        case passed(overriding: Int)
        case notApplicable
    }

    private static func outcome(of criterion: WCAGCriterion, in review: StateReview) -> Outcome? {
        let verdict = review.findings[criterion.number]
        let automated = review.automatedFailures(of: criterion)
        switch verdict?.outcome {
        case .notApplicable?: return .notApplicable
        case .fail?: return .failed(because: verdict.map { $0.note.isEmpty ? "judged to fail, no note" : $0.note } ?? "")
        case .pass? where !(verdict?.note.isEmpty ?? true): return .passed(overriding: automated.count)
        default:
            if let first = automated.first {
                return .failed(because: "automated: " + first.text + (automated.count > 1 ? " (and \(automated.count - 1) more)" : ""))
            }
            return verdict == nil ? nil : .passed(overriding: 0)
        }
    }

    private static func row(_ criterion: WCAGCriterion, states: [StateReview]) -> CriterionRow {
        let applying = states.filter { $0.holds(criterion) || !$0.automatedFailures(of: criterion).isEmpty }
        let outcomes = applying.map { ($0.state, outcome(of: criterion, in: $0)) }
        var failing: [(state: AuditState, because: String)] = []
        var (passes, inapplicable, overridden) = (0, 0, [String]())
        for (state, outcome) in outcomes {
            switch outcome {
            case .failed(let because)?: failing.append((state, because))
            case .passed(let overriding)?:
                passes += 1
                if overriding > 0 { overridden.append(state.name) }
            case .notApplicable?: inapplicable += 1
            case nil: break
            }
        }
        let counted = applying.count - inapplicable
        let conformance: Conformance
        var remarks: String
        switch (counted, failing.count, passes) {
        case (0, _, _):
            conformance = .notApplicable
            remarks = applying.isEmpty ? "No state holds what it is about." : "Judged not applicable in every state it could apply to."
        case (_, let failed, _) where failed > 0:
            conformance = failed == counted ? .doesNotSupport : .partiallySupports
            remarks = "Fails in \(failed) of \(counted) states: " + failing.map { "\($0.state.name) (\($0.because))" }.joined(separator: "; ")
        case (_, _, let passed) where passed == counted:
            conformance = .supports
            remarks = "Passes in all \(counted) states it applies to."
        default:
            conformance = .notEvaluated
            remarks = "Passes in \(passes) of \(counted) states; \(counted - passes) not judged yet."
        }
        if !overridden.isEmpty {
            remarks += " An auditor's pass, with a note, overrides the automated pass's finding in " + overridden.joined(separator: ", ") + "."
        }
        return CriterionRow(criterion: criterion, conformance: conformance, failing: failing, remarks: remarks)
    }

    /// One row per verdict: state, criterion, outcome, note, auditor, when, and whether the state changed since.
    var csv: String {
        var rows = [["state id", "state", "kind", "criterion", "name", "level", "outcome", "note", "auditor", "updated", "changed since reviewed"]]
        for review in states {
            for criterion in WCAGCriterion.all {
                guard let finding = review.findings[criterion.number] else { continue }
                rows.append([review.state.id, review.state.name, review.state.kind.rawValue, criterion.number, criterion.name, criterion.level,
                             finding.outcome.rawValue, finding.note, finding.auditor, Self.date(finding.updated), finding.stateHash == review.hash ? "no" : "yes"])
            }
        }
        return CSV.text(rows)
    }

    /// The verdicts as W3C EARL, JSON-LD with its context embedded: each state a test subject
    /// (the app's path and the state's id), each verdict a manual assertion by its auditor
    /// against the criterion's section of WCAG 2.2, and each failure the attached automated pass
    /// found an automatic assertion by FlowPages' pass, naming the template line that made it.
    func earl(app: MountedApp) throws -> [UInt8] {
        let context: [String: Any] = [
            "earl": "http://www.w3.org/ns/earl#", "dct": "http://purl.org/dc/terms/", "foaf": "http://xmlns.com/foaf/0.1/",
            "xsd": "http://www.w3.org/2001/XMLSchema#",
            "assertedBy": ["@id": "earl:assertedBy", "@type": "@id"], "subject": ["@id": "earl:subject", "@type": "@id"],
            "test": ["@id": "earl:test", "@type": "@id"], "result": "earl:result", "mode": ["@id": "earl:mode", "@type": "@id"],
            "outcome": ["@id": "earl:outcome", "@type": "@id"], "title": "dct:title", "description": "dct:description",
            "date": ["@id": "dct:date", "@type": "xsd:dateTime"], "name": "foaf:name",
        ]
        var graph: [[String: Any]] = []
        var auditors: Set<String> = []
        let pass = "urn:flowpages:automated-pass"
        for review in states where !review.findings.isEmpty || review.automated?.findings.isEmpty == false {
            let subject = "urn:flowpages:audit:\(app.app.id):\(review.state.id.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? review.state.id)"
            graph.append(["@id": subject, "@type": "earl:TestSubject", "title": "\(review.state.name) (\(review.state.kind.heading))",
                          "description": app.urls.prefix + "/_audit (state \(review.state.id))"])
            for finding in review.automated?.findings ?? [] {
                for criterion in finding.criteria.compactMap(WCAGCriterion.named) {
                    let made = finding.template.isEmpty ? "" : " Made by \(finding.template)."
                    graph.append(["@type": "earl:Assertion", "assertedBy": pass, "subject": subject, "test": criterion.url, "mode": "earl:automatic",
                                  "result": ["@type": "earl:TestResult", "outcome": "earl:failed", "description": finding.text + made]])
                }
            }
            for finding in review.findings.values.sorted(by: { $0.criterion < $1.criterion }) {
                guard let criterion = WCAGCriterion.named(finding.criterion) else { continue }
                auditors.insert(finding.auditor)
                let outcome = switch finding.outcome { case .pass: "earl:passed"; case .fail: "earl:failed"; case .notApplicable: "earl:inapplicable" }
                graph.append(["@type": "earl:Assertion", "assertedBy": Self.auditorID(finding.auditor), "subject": subject,
                              "test": criterion.url, "mode": "earl:manual",
                              "result": ["@type": "earl:TestResult", "outcome": outcome, "description": finding.note, "date": Self.date(finding.updated)]])
            }
        }
        graph += auditors.sorted().map { ["@id": Self.auditorID($0), "@type": ["earl:Assertor", "foaf:Person"], "name": $0] }
        if automated != nil { graph.append(["@id": pass, "@type": ["earl:Assertor", "earl:Software"], "name": "FlowPages' automated pass (axe, the Nu checker, its own checks)"]) }
        return Array(try JSONSerialization.data(withJSONObject: ["@context": context, "@graph": graph], options: [.prettyPrinted, .sortedKeys]))
    }

    private static func auditorID(_ name: String) -> String {
        "urn:flowpages:auditor:" + (name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? name)
    }

    /// `2026-11-28T10:15:00Z`, from milliseconds since 1970 (as the stores keep times).
    static func date(_ milliseconds: Int64) -> String {
        ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: TimeInterval(milliseconds / 1000)))
    }
}
