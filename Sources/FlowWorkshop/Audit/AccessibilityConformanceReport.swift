import FlowPages
import HTMLTemplate

/// The front matter and derived tables that make an audit's report an Accessibility Conformance
/// Report in the layout of VPAT 2.5 for WCAG 2.2: the product and its version, the report's
/// date, how it was evaluated and with what, its scope; then, from the WCAG A and AA rows, the
/// Revised Section 508 table (E205.4 takes the WCAG rows; hardware and platform software do not
/// apply to a web app) and the EN 301 549 one (clause 9 is the WCAG rows; clauses 10 and 11 do
/// not apply to web pages).
struct AccessibilityConformanceReport {
    let report: ReviewReport
    let app: MountedApp
    /// The report's date, `2026-11-28`.
    let date: String

    /// WCAG 2.2's criteria that EN 301 549 V3.2.1 (on WCAG 2.1) has no clause for.
    static let newInWCAG22: Set<String> = ["2.4.11", "2.5.7", "2.5.8", "3.2.6", "3.3.7", "3.3.8"]

    /// The front matter, as the report template reads it.
    var frontMatter: TemplateValue {
        let auditors = Set(report.states.flatMap { $0.findings.values.map(\.auditor) } + [report.review.auditor]).sorted()
        var methods = "Manual review in FlowPages' audit workspace by \(auditors.joined(separator: ", ")): each state opened on its own "
            + "in a session of its own, judged against every WCAG 2.2 criterion that applies to it."
        var technology = "The auditors' own browsers and assistive technology, as their notes say."
        if let pass = report.automated {
            methods += " An automated pass of \(pass.started) (axe-core, the Nu HTML Checker, Chromium's accessibility tree and a keyboard "
                + "pass over every state, in light and dark) is taken into account: a criterion it finds failing in a state counts as "
                + "failing there unless an auditor's verdict with a note says otherwise."
            technology += " The automated pass: headless Chromium, with what a screen reader is given read from its accessibility tree."
        }
        let changed = report.states.filter(\.changedSinceReviewed).count
        var notes = report.folderChanged ? "The app folder changed since the audit was started. " : ""
        if changed > 0 { notes += "\(changed) states changed since they were reviewed; their verdicts are on what they were before. " }
        return [
            "product": .string(app.app.title), "version": .string("app folder " + String(StateSources.folderHash(app.app).prefix(12))),
            "date": .string(date), "methods": .string(methods), "technology": .string(technology),
            "scope": .string("The \(report.states.count) states of \(app.app.title) its audit inventory lists (every screen, modal, form with its "
                             + "errors, alert, confirmation, toast, guarded screen signed out, invalid link and not-found page), served at \(app.urls.prefix)/."),
            "notes": notes.isEmpty ? .null : .string(notes),
        ]
    }

    /// The Revised Section 508 rows: E205.4 as the WCAG rows say, the rest with why.
    var section508: [TemplateValue] {
        let wcag = report.rows.filter { $0.criterion.level != "AAA" }
        let failing = wcag.filter { [.doesNotSupport, .partiallySupports].contains($0.conformance) }.map(\.criterion.number)
        return [
            ["clause": .string("E205.4 Accessibility Standard (WCAG 2.0 A and AA, met here by WCAG 2.2's)"),
             "conformance": .string(failing.isEmpty ? "See the WCAG table" : "Partially Supports"),
             "remarks": .string(failing.isEmpty ? "As each WCAG A and AA row says." : "Not met in full: " + failing.joined(separator: ", ") + ".")],
            ["clause": .string("Chapter 3: Functional Performance Criteria"), "conformance": .string("Not Evaluated"),
             "remarks": .string("Judged through the WCAG rows; no separate evaluation with users of each functional limitation.")],
            ["clause": .string("Chapter 4: Hardware"), "conformance": .string("Not Applicable"), "remarks": .string("A web app has no hardware.")],
            ["clause": .string("Chapter 5: Software"), "conformance": .string("Not Applicable"),
             "remarks": .string("Web pages are evaluated as web content under E205.4, not as platform software.")],
            ["clause": .string("Chapter 6: Support Documentation and Services"), "conformance": .string("Not Evaluated"),
             "remarks": .string("Outside the app's pages.")],
        ]
    }

    /// The EN 301 549 rows: clause 9 from the WCAG rows EN 301 549 V3.2.1 has, then clauses 10 and 11.
    var en301549: [TemplateValue] {
        let web: [TemplateValue] = report.rows.filter { $0.criterion.level != "AAA" && !Self.newInWCAG22.contains($0.criterion.number) }.map { row in
            ["clause": .string("9.\(row.criterion.number) \(row.criterion.name)"), "conformance": .string(row.conformance.rawValue),
             "remarks": .string(row.remarks)]
        }
        return web + [
            ["clause": .string("10 Non-web documents"), "conformance": .string("Not Applicable"), "remarks": .string("The app is web pages; it offers no documents.")],
            ["clause": .string("11 Software"), "conformance": .string("Not Applicable"),
             "remarks": .string("Web pages are evaluated under clause 9, not as software.")],
        ]
    }
}
