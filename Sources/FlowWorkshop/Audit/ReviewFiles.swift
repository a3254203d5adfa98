import FlowPages
import FlowStore
import Foundation
import HTMLTemplate
import HTTPServer

/// An audit as files and as its report: the Accessibility Conformance Report page, its verdicts
/// as CSV and as W3C EARL, and the whole audit exported as JSON and imported again — on another
/// machine, into another database — as a new audit with every verdict and who gave it.
struct ReviewFiles {
    let requests: ReviewRequests
    private var services: AppServices { requests.services }
    private var app: MountedApp { services.app }

    /// The most verdicts an imported audit may hold (an app of 500 states judged on 50 criteria).
    static let importLimit = 25_000
    static let format = "flowpages-audit"

    /// The conformance report: a row per WCAG criterion, then each state's verdicts.
    func report(_ request: HTTPRequest) throws -> HTTPResponse {
        let report = try requests.report(request)
        let auditor = request.query("as") ?? ""
        let stateURL = { (id: String) in requests.url(report.review.id, .auditReviewState, as: auditor) + "&state=" + ReviewRequests.encoded(id) }
        let rows: [TemplateValue] = report.rows.map { row in
            ["number": .string(row.criterion.number), "name": .string(row.criterion.name), "level": .string(row.criterion.level),
             "url": .string(row.criterion.url), "conformance": .string(row.conformance.rawValue), "remarks": .string(row.remarks),
             "failing": .array(row.failing.map { ["name": .string($0.state.name), "url": .string(stateURL($0.state.id)), "because": .string($0.because)] })]
        }
        let states: [TemplateValue] = report.states.filter { !$0.findings.isEmpty || report.automated?.states[$0.state.id] != nil }.map { review in
            let verdicts: [TemplateValue] = WCAGCriterion.all.compactMap { criterion in
                review.findings[criterion.number].map { finding in
                    ["number": .string(criterion.number), "name": .string(criterion.name), "outcome": .string(Self.said(finding.outcome)),
                     "note": .string(finding.note), "by": .string("\(finding.auditor), \(ReviewReport.date(finding.updated))")]
                }
            }
            let automated: TemplateValue = report.automated?.states[review.state.id].map { result in
                ["findings": .array(result.findings.map(Self.value)), "needsReview": .array(result.needsReview.map(Self.value)),
                 "transcript": .array(result.transcript.map { .string($0) }),
                 "lines": .string(String(result.transcript.count)), "tabStops": .array(result.tabStops.map { .string($0) }),
                 "stops": .string(String(result.tabStops.count))]
            } ?? .null
            return ["name": .string(review.state.name), "kind": .string(review.state.kind.heading), "url": .string(stateURL(review.state.id)),
                    "changed": .bool(review.changedSinceReviewed), "findings": .array(verdicts), "automated": automated]
        }
        let counts = Dictionary(grouping: report.rows, by: \.conformance).mapValues(\.count)
        var values = requests.header(report, auditor: auditor)
        values["rows"] = .array(rows)
        values["states"] = .array(states)
        values["summary"] = .array([ReviewReport.Conformance.supports, .partiallySupports, .doesNotSupport, .notApplicable, .notEvaluated].map {
            ["name": .string($0.rawValue), "count": .string(String(counts[$0] ?? 0))]
        })
        let acr = AccessibilityConformanceReport(report: report, app: app, date: String(ReviewReport.date(services.clock.now()).prefix(10)))
        values["acr"] = acr.frontMatter
        values["section508"] = .array(acr.section508)
        values["en301549"] = .array(acr.en301549)
        values["wide"] = .bool(true)
        return try services.renderer.page("_layout/audit-report", title: "Conformance report: \(report.review.name)", values: values, for: request.cookie(app.cookieName))
    }

    /// Keeps the results of an automated pass (its results.json, chosen or pasted) with the
    /// audit: the report then shows its findings, transcripts and tab stops per state.
    func attach(_ request: HTTPRequest) throws -> HTTPResponse {
        try PostSpine(services: services).handle(request) { post in try attaching(post.form, now: post.now, request) }
    }

    private func attaching(_ form: [String: String], now: Int64, _ request: HTTPRequest) throws -> PostAnswer {
        let review = try requests.review(request)
        let text = try Self.chosenOrPasted(form, "results", file: "the pass's results.json")
        if case .failure(let refusal) = AutomatedPass.read(text, app: app.app.id, attached: now) {
            throw HTTPError(.unprocessableContent, refusal.message)
        }
        let target = requests.url(review.id, as: form["auditor"] ?? "")
        return .write { transaction in
            try transaction.reviews.attach(automatedPass: text, to: review.id, now: now)
            return .redirect(to: target)
        }
    }

    /// An automated finding as the report and a state's page show it: its criteria, what it
    /// says, and the template line that made it.
    static func value(_ finding: AutomatedPass.Finding) -> TemplateValue {
        ["text": .string(finding.text), "criteria": .string(finding.criteria.isEmpty ? "no criterion" : finding.criteria.joined(separator: ", ")),
         "template": finding.template.isEmpty ? .null : .string(finding.template)]
    }

    static func said(_ outcome: ReviewFinding.Outcome) -> String {
        switch outcome {
        case .pass: "Pass"
        case .fail: "Fail"
        case .notApplicable: "Not applicable"
        }
    }

    func csv(_ request: HTTPRequest) throws -> HTTPResponse {
        let report = try requests.report(request)
        return Self.download(Array(report.csv.utf8), type: "text/csv; charset=utf-8", name: "\(app.app.id)-audit-\(report.review.id).csv")
    }

    func earl(_ request: HTTPRequest) throws -> HTTPResponse {
        let report = try requests.report(request)
        return Self.download(try report.earl(app: app), type: "application/ld+json", name: "\(app.app.id)-audit-\(report.review.id).jsonld")
    }

    /// The audit as a file another FlowPages imports.
    func export(_ request: HTTPRequest) throws -> HTTPResponse {
        let report = try requests.report(request)
        let review = report.review
        // Every verdict, those on states the app no longer has too.
        let all = report.states.flatMap { $0.findings.values } + report.homeless.values.flatMap { $0 }
        let findings = all.sorted { ($0.state, $0.criterion) < ($1.state, $1.criterion) }.map { finding -> [String: Any] in
                ["state": finding.state, "criterion": finding.criterion, "outcome": finding.outcome.rawValue, "note": finding.note,
                 "auditor": finding.auditor, "updated": ReviewReport.date(finding.updated), "stateHash": finding.stateHash]
        }
        var document: [String: Any] = ["format": Self.format, "version": 1, "app": review.app, "name": review.name, "auditor": review.auditor,
                                       "created": ReviewReport.date(review.created), "folderHash": review.folderHash, "findings": findings]
        // The attached pass travels with the audit, as it was attached.
        if let pass = try services.store.read({ try $0.reviews.automatedPass(review: review.id) }) {
            document["automatedPass"] = ["attached": ReviewReport.date(pass.attached), "results": pass.results]
        }
        let body = try JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys])
        return Self.download(Array(body), type: "application/json", name: "\(app.app.id)-audit-\(review.id).json")
    }

    /// A new audit from an exported file chosen in, or pasted into, the inventory's form, with
    /// every verdict as it was given; a file of another app, of another format or with a verdict
    /// that does not read is refused whole, with what is wrong.
    func importAudit(_ request: HTTPRequest) throws -> HTTPResponse {
        try PostSpine(services: services).handle(request) { post in try importing(post.form) }
    }

    private func importing(_ form: [String: String]) throws -> PostAnswer {
        let text = try Self.chosenOrPasted(form, "audit", file: "the exported audit's file")
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)), let document = object as? [String: Any],
              document["format"] as? String == Self.format else {
            throw HTTPError(.unprocessableContent, "That is not an audit exported by FlowPages (a JSON file whose format is \(Self.format)).")
        }
        guard document["app"] as? String == app.app.id else {
            throw HTTPError(.unprocessableContent, "That audit is of \(document["app"] as? String ?? "another app"), not of \(app.app.id); import it there.")
        }
        let name = try ReviewRequests.text(document["name"] as? String, "the audit's name", limit: ReviewRequests.nameLimit)
        let auditor = try ReviewRequests.text(document["auditor"] as? String, "who started the audit", limit: ReviewRequests.nameLimit)
        let entries = document["findings"] as? [[String: Any]] ?? []
        guard entries.count <= Self.importLimit else {
            throw HTTPError(.unprocessableContent, "That audit holds \(entries.count) verdicts; FlowPages imports at most \(Self.importLimit).")
        }
        let findings = try entries.enumerated().map { try Self.finding($1, number: $0 + 1) }
        let created = Self.milliseconds(document["created"] as? String) ?? services.clock.now()
        // The pass the audit had attached comes with it, read as an attached one is.
        var pass: (results: String, attached: Int64)?
        if let carried = document["automatedPass"] as? [String: Any] {
            let attached = Self.milliseconds(carried["attached"] as? String) ?? created
            guard let results = carried["results"] as? String, case .success = AutomatedPass.read(results, app: app.app.id, attached: attached) else {
                throw HTTPError(.unprocessableContent, "The automated pass the file carries is not one of \(app.app.id); export the audit again.")
            }
            pass = (results, attached)
        }
        return .write { [findings] transaction in
            let review = try transaction.reviews.create(app: app.app.id, name: name, auditor: auditor,
                                                        folderHash: document["folderHash"] as? String ?? "", now: created)
            // A verdict on a state the app no longer has is kept too, and listed as such.
            for finding in findings { _ = try transaction.reviews.record(finding, in: review.id, seen: 0) }
            if let pass { try transaction.reviews.attach(automatedPass: pass.results, to: review.id, now: pass.attached) }
            return .redirect(to: requests.url(review.id))
        }
    }

    /// The text of the file chosen in the field `name-file`, or else pasted into `name`: a form
    /// posted as multipart carries a file input's content as a field (curl's `-F audit=@file`
    /// too), so both arrive as text. Both at once is refused rather than one guessed at.
    private static func chosenOrPasted(_ form: [String: String], _ name: String, file: String) throws -> String {
        let chosen = (form[name + "-file"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        let pasted = (form[name] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        switch (chosen.isEmpty, pasted.isEmpty) {
        case (false, false): throw HTTPError(.unprocessableContent, "Choose \(file) or paste its text, not both; go back and clear one.")
        case (true, true): throw HTTPError(.unprocessableContent, "Choose \(file) or paste its text; go back and give one.")
        case (false, true): return chosen
        case (true, false): return pasted
        }
    }

    private static func finding(_ entry: [String: Any], number: Int) throws -> ReviewFinding {
        guard let state = entry["state"] as? String, let criterion = entry["criterion"] as? String, WCAGCriterion.named(criterion) != nil,
              let outcome = (entry["outcome"] as? String).flatMap(ReviewFinding.Outcome.init(rawValue:)),
              let auditor = entry["auditor"] as? String, !auditor.isEmpty, auditor.count <= ReviewRequests.nameLimit,
              let updated = milliseconds(entry["updated"] as? String) else {
            throw HTTPError(.unprocessableContent, "Verdict \(number) of the file does not read: it needs a state, a WCAG 2.2 criterion, an outcome "
                            + "(pass, fail or not-applicable), an auditor and when it was given.")
        }
        let note = entry["note"] as? String ?? ""
        guard note.count <= ReviewRequests.noteLimit else {
            throw HTTPError(.unprocessableContent, "Verdict \(number)'s note is longer than \(ReviewRequests.noteLimit) characters.")
        }
        return ReviewFinding(state: state, criterion: criterion, outcome: outcome, note: note, auditor: auditor, updated: updated,
                             stateHash: entry["stateHash"] as? String ?? "")
    }

    /// Milliseconds since 1970, as the stores keep times.
    private static func milliseconds(_ date: String?) -> Int64? {
        date.flatMap { ISO8601DateFormatter().date(from: $0) }.map { Int64($0.timeIntervalSince1970) * 1000 }
    }

    private static func download(_ body: [UInt8], type: String, name: String) -> HTTPResponse {
        HTTPResponse(.ok, headers: HTTPHeaders([("Content-Type", type), ("Cache-Control", "no-store"),
                                                ("Content-Disposition", "attachment; filename=\"\(name)\"")]), body: body)
    }
}
