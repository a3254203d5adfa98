import FlowPages
import FlowStore
import Foundation
import HTMLTemplate
import HTTPServer

/// The manual review of an audit, mounted with the inventory (`--prototype on`): start an audit
/// (`POST /_audit/reviews`), its overview of every state with what was judged, each state's page
/// of the WCAG criteria that apply to it with a verdict and note per criterion by a named auditor,
/// and the report. Each save writes only the verdicts it changes, each over the version its
/// auditor saw, in one transaction: auditors working at once never overwrite each other unseen.
struct ReviewRequests {
    let services: AppServices
    private var app: MountedApp { services.app }

    static let nameLimit = 200
    static let noteLimit = 4_000

    /// Starts an audit named in the post, by the auditor named in it, on the folder as it is.
    func start(_ request: HTTPRequest) throws -> HTTPResponse {
        try PostSpine(services: services).handle(request) { post in
            let name = try Self.text(post.form["name"], "a name for the audit", limit: Self.nameLimit)
            let auditor = try Self.text(post.form["auditor"], "your name", limit: Self.nameLimit)
            let (folderHash, now) = (StateSources.folderHash(app.app), post.now)
            return .write { transaction in
                let review = try transaction.reviews.create(app: app.app.id, name: name, auditor: auditor, folderHash: folderHash, now: now)
                return .redirect(to: url(review.id, as: auditor))
            }
        }
    }

    /// Every state with how much of it is judged, what failed, and whether it changed since.
    func overview(_ request: HTTPRequest) throws -> HTTPResponse {
        let unit = try services.openSession(request, now: services.clock.now())
        let report = try self.report(request)
        let auditor = request.query("as") ?? ""
        let states: [TemplateValue] = report.states.map { review in
            ["name": .string(review.state.name), "kind": .string(review.state.kind.heading),
             "url": .string(url(report.review.id, .auditReviewState, as: auditor) + "&state=" + Self.encoded(review.state.id)),
             "judged": .string(String(review.judged)), "applicable": .string(String(review.criteria.criteria.count)),
             "failed": .string(review.failed.map(\.criterion).joined(separator: ", ")), "changed": .bool(review.changedSinceReviewed)]
        }
        let homeless: [TemplateValue] = report.homeless.sorted { $0.key < $1.key }.enumerated().map { index, entry in
            ["id": .string(entry.key), "criteria": .string(entry.value.map(\.criterion).sorted().joined(separator: ", ")), "index": .string(String(index))]
        }
        let targets: [TemplateValue] = report.states.map { ["id": .string($0.state.id), "name": .string("\($0.state.name) (\($0.state.kind.heading))")] }
        var values = header(report, auditor: auditor).merging(["states": .array(states), "csrf": .string(unit.csrfToken), "homeless": .array(homeless)]) { $1 }
        values["targets"] = .array(targets)
        values["move"] = .string(url(report.review.id, .auditMove))
        values["left"] = request.query("left").map { .string($0) } ?? .null
        return unit.finish(try services.renderer.page("_layout/audit-review", title: "Audit: \(report.review.name)", values: values, for: PageRenderer.session(of: unit)), request: request)
    }

    /// Moves the verdicts on a state the app no longer has to one it has (the route was renamed):
    /// each keeps its version and what it was given on, so it shows as changed since reviewed
    /// until judged again; a criterion the state already has a verdict on stays, and the
    /// overview says which.
    func move(_ request: HTTPRequest) throws -> HTTPResponse {
        try PostSpine(services: services).handle(request) { post in try moving(post.form, request) }
    }

    private func moving(_ form: [String: String], _ request: HTTPRequest) throws -> PostAnswer {
        let report = try self.report(request)
        guard let from = form["from"], report.homeless[from] != nil else {
            throw HTTPError(.unprocessableContent, "That state has no verdicts waiting for a new home; reload the audit's page.")
        }
        guard let to = form["to"], report.states.contains(where: { $0.state.id == to }) else {
            throw HTTPError(.unprocessableContent, "Choose a state the app has now to move the verdicts to.")
        }
        let target = url(report.review.id, as: form["auditor"] ?? "")
        return .write { transaction in
            let left = try transaction.reviews.move(review: report.review.id, from: from, to: to)
            let query = left.isEmpty ? "" : (target.contains("?") ? "&" : "?") + "left=" + Self.encoded(left.joined(separator: ", "))
            return .redirect(to: target + query)
        }
    }

    /// The criteria that apply to one state, each with its verdict, note and who gave it, then
    /// every other criterion, which may be judged there too.
    func statePage(_ request: HTTPRequest) throws -> HTTPResponse {
        let unit = try services.openSession(request, now: services.clock.now())
        let report = try self.report(request, only: request.query("state") ?? "")
        guard let review = report.states.first else {
            throw HTTPError(.notFound, "\(app.app.title) has no state '\(request.query("state") ?? "")'; the audit's overview lists them.")
        }
        func value(_ criterion: WCAGCriterion, because: String?) -> TemplateValue {
            let finding = review.findings[criterion.number]
            let outcome = finding?.outcome.rawValue ?? ""
            return ["number": .string(criterion.number), "id": .string(criterion.number.replacingOccurrences(of: ".", with: "-")),
                    "name": .string(criterion.name), "level": .string(criterion.level), "url": .string(criterion.url),
                    "howToTest": .string(criterion.howToTest),
                    "because": because.map { .string($0) } ?? .null,
                    "pass": .bool(outcome == "pass"), "fail": .bool(outcome == "fail"), "na": .bool(outcome == "not-applicable"), "open": .bool(finding == nil),
                    "note": .string(finding?.note ?? ""), "seen": .string(String(finding?.version ?? 0)),
                    "by": finding.map { .string("\($0.auditor), \(ReviewReport.date($0.updated))") } ?? .null,
                    "changed": .bool(finding.map { $0.stateHash != review.hash } ?? false)]
        }
        let criteria = review.criteria.criteria.map { value($0.criterion, because: $0.because) }
        let others = review.criteria.others.map { value($0, because: nil) }
        var values = header(report, auditor: request.query("as") ?? "")
        values["state"] = ["id": .string(review.state.id), "name": .string(review.state.name), "kind": .string(review.state.kind.heading),
                           "openable": .bool(review.state.recipe != nil), "note": review.state.note.map { .string($0) } ?? .null]
        values["criteria"] = .array(criteria)
        values["found"] = review.automated.map { result in
            ["findings": .array(result.findings.map(ReviewFiles.value)), "needsReview": .array(result.needsReview.map(ReviewFiles.value)),
             "transcript": .array(result.transcript.map { .string($0) }), "lines": .string(String(result.transcript.count))]
        } ?? .null
        let shots = ReviewScreenshots(requests: self)
        // Only which are kept: the images themselves are fetched by the page's img elements.
        let stored = Set(try services.store.read { try $0.reviews.screenshotSchemes(review: report.review.id, state: review.state.id) })
        let kept = ReviewScreenshots.schemes.filter(stored.contains)
        values["screenshots"] = .array(kept.map { ["scheme": .string($0), "url": .string(shots.url(review: report.review.id, state: review.state.id, scheme: $0))] })
        values["others"] = .array(others)
        values["othersCount"] = .string(String(others.count))
        values["othersJudged"] = .string(String(review.criteria.others.filter { review.findings[$0.number] != nil }.count))
        values["csrf"] = .string(unit.csrfToken)
        values["open"] = .string(app.urls.prefix + ReservedPath.auditOpen.path)
        values["save"] = .string(app.urls.prefix + ReservedPath.auditReviewState.path(String(report.review.id)))
        values["conflicts"] = request.query("conflicts").map { .string($0) } ?? .null
        values["saved"] = request.query("saved").map { .string($0) } ?? .null
        return unit.finish(try services.renderer.page("_layout/audit-review-state", title: "Review: \(review.state.name)", values: values, for: PageRenderer.session(of: unit)), request: request)
    }

    /// Keeps the verdicts the post changes, each over the version its page showed; a verdict
    /// someone else changed meanwhile is not kept, and the page says which.
    func save(_ request: HTTPRequest) throws -> HTTPResponse {
        try PostSpine(services: services).handle(request) { post in try saving(post.form, now: post.now, request) }
    }

    private func saving(_ form: [String: String], now: Int64, _ request: HTTPRequest) throws -> PostAnswer {
        let report = try self.report(request, only: form["state"] ?? "")
        guard let review = report.states.first else {
            throw HTTPError(.notFound, "\(app.app.title) has no state '\(form["state"] ?? "")'; the audit's overview lists them.")
        }
        let auditor = try Self.text(form["auditor"], "your name", limit: Self.nameLimit)
        var changes: [(ReviewFinding, seen: Int64)] = []
        // Any criterion may be judged in any state; those the mapping expects come first on the page.
        for criterion in WCAGCriterion.all {
            let key = criterion.number
            guard let raw = form["outcome-\(key)"], !raw.isEmpty else { continue }
            guard let outcome = ReviewFinding.Outcome(rawValue: raw) else {
                throw HTTPError(.unprocessableContent, "'\(raw)' is not a verdict for \(key); it is pass, fail or not-applicable.")
            }
            let note = (form["note-\(key)"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            guard note.count <= Self.noteLimit else {
                throw HTTPError(.unprocessableContent, "The note on \(key) is \(note.count) characters; keep it to \(Self.noteLimit).")
            }
            let shown = review.findings[key]
            guard shown?.outcome != outcome || shown?.note != note || shown?.stateHash != review.hash else { continue }
            guard let seen = Self.version(form["seen-\(key)"]) else {
                throw HTTPError(.unprocessableContent, "The form's version of \(key) is not one this page gives; reload the page and judge it again.")
            }
            changes.append((ReviewFinding(state: review.state.id, criterion: key, outcome: outcome, note: note, auditor: auditor, updated: now,
                                          stateHash: review.hash), seen))
        }
        var target = url(report.review.id, .auditReviewState, as: auditor) + "&state=" + Self.encoded(review.state.id)
        return .write { [changes] transaction in
            let refused = try changes.filter { try !transaction.reviews.record($0.0, in: report.review.id, seen: $0.seen) }.map(\.0.criterion)
            target += refused.isEmpty ? "&saved=\(changes.count)" : "&conflicts=" + Self.encoded(refused.joined(separator: ", "))
            return .redirect(to: target)
        }
    }

    /// The verdict's version a review page showed, as posted: 0 when it showed none, nil when
    /// it is no version a save can have made (not a number, negative, or Int64.max — no save adds
    /// one to that).
    static func version(_ posted: String?) -> Int64? {
        guard let posted, !posted.isEmpty else { return 0 }
        return Int64(posted).flatMap { (0..<Int64.max).contains($0) ? $0 : nil }
    }

    /// The audit the request's path names, read against the app as it is now.
    func report(_ request: HTTPRequest, only state: String? = nil) throws -> ReviewReport {
        let review = try self.review(request)
        let id = review.id
        let (findings, pass) = try services.store.read { reads in (try reads.reviews.findings(review: id), try reads.reviews.automatedPass(review: id)) }
        let automated = pass.flatMap { try? AutomatedPass.read($0.results, app: app.app.id, attached: $0.attached).get() }
        return ReviewReport(review: review, findings: findings, automated: automated, app: app, inventory: try AuditInventory.of(services), only: state)
    }

    /// The audit the request's path names.
    func review(_ request: HTTPRequest) throws -> AuditReview {
        guard let id = request.parameters["id"].flatMap({ Int64($0) }),
              let review = try services.store.read({ try $0.reviews.review(id: id, app: app.app.id) }) else {
            throw HTTPError(.notFound, "\(app.app.title) has no audit \(request.parameters["id"] ?? ""); the inventory lists its audits.")
        }
        return review
    }

    /// What every page of an audit shows at its top: its name, who started it and when, and where its files are.
    func header(_ report: ReviewReport, auditor: String) -> [String: TemplateValue] {
        let id = report.review.id
        return ["review": ["name": .string(report.review.name), "auditor": .string(report.review.auditor),
                           "created": .string(ReviewReport.date(report.review.created)), "folderChanged": .bool(report.folderChanged)],
                "auditor": .string(auditor), "overview": .string(url(id, as: auditor)), "inventory": .string(app.urls.prefix + ReservedPath.audit.path),
                "report": .string(url(id, .auditReport, as: auditor)), "csv": .string(url(id, .auditReportCSV)),
                "earl": .string(url(id, .auditReportEARL)), "export": .string(url(id, .auditExport)), "attach": .string(url(id, .auditAttach)),
                "automated": report.automated.map { pass in
                    ["attached": .string(ReviewReport.date(pass.attached)), "started": .string(pass.started), "states": .string(String(pass.states.count)),
                     "findings": .string(String(pass.states.values.map(\.findings.count).reduce(0, +))), "finished": .bool(pass.finished)]
                } ?? .null]
    }

    func url(_ id: Int64, _ path: ReservedPath = .auditReview, as auditor: String = "") -> String {
        app.urls.prefix + path.path(String(id)) + (auditor.isEmpty ? "" : "?as=" + Self.encoded(auditor))
    }

    static func encoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~:"))) ?? text
    }

    /// `value` trimmed, or a 422 naming what is missing or too long.
    static func text(_ value: String?, _ what: String, limit: Int) throws -> String {
        let text = (value ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { throw HTTPError(.unprocessableContent, "Give \(what); go back and fill it in.") }
        guard text.count <= limit else { throw HTTPError(.unprocessableContent, "Keep \(what) to \(limit) characters.") }
        return text
    }
}
