/// FlowPages' own addresses under an app's prefix, each spelled once: the router mounts them by
/// their ``pattern`` and pages post and link to them by ``path(_:)``. An app's route path may not
/// start with `_` (FlowDefinition refuses it), so none of these can be a screen's.
package enum ReservedPath: String, CaseIterable, Sendable {
    case back = "/_back"
    case dismiss = "/_dismiss"
    case startOver = "/_start-over"
    case discard = "/_discard"
    case keep = "/_keep"
    case tab = "/_tab/{id}"
    case action = "/_action/{id}"
    case opener = "/_open"
    case deferredLink = "/_deferred/{code}"
    case stylesheet = "/_app.css"
    case icons = "/_icons.svg"
    case previewImage = "/_preview.{extension}"
    case image = "/_images/{file}"
    case bannerDismiss = "/_app-banner/dismiss"
    case bannerCode = "/_app-banner/code"
    case bannerPing = "/_app-banner/ping"
    case seen = "/_seen"
    case tool = "/_tools/{name}"
    case mailbox = "/_mailbox"
    case events = "/_events"
    case map = "/_map"
    case mapSVG = "/_map.svg"
    case mapMermaid = "/_map.mmd"
    case mapDot = "/_map.dot"
    case insights = "/_insights"
    case insightsTable = "/_insights/{table}"
    case audit = "/_audit"
    case auditOpen = "/_audit/open"
    case auditStates = "/_audit/states.json"
    case auditSourceMap = "/_audit/source-map"
    case auditReviews = "/_audit/reviews"
    case auditImport = "/_audit/reviews/import"
    case auditReview = "/_audit/reviews/{id}"
    case auditReviewState = "/_audit/reviews/{id}/state"
    case auditReport = "/_audit/reviews/{id}/report"
    case auditReportCSV = "/_audit/reviews/{id}/report.csv"
    case auditReportEARL = "/_audit/reviews/{id}/report.jsonld"
    case auditExport = "/_audit/reviews/{id}/audit.json"
    case auditAttach = "/_audit/reviews/{id}/automated"
    case auditMove = "/_audit/reviews/{id}/move"
    case auditScreenshots = "/_audit/reviews/{id}/screenshots"
    case auditPass = "/_audit/pass"
    case auditPassOpen = "/_audit/pass/{token}"
    case usability = "/_usability"
    case usabilityResults = "/_usability/{test}"
    case usabilityCSV = "/_usability/{test}/results.csv"
    case usabilityStatus = "/_usability/{test}/status"
    case usabilityEdit = "/_usability/{test}/edit"
    case test = "/_test/{test}"
    case testMission = "/_test/{test}/mission"
    case testBegin = "/_test/{test}/begin"
    case testDone = "/_test/{test}/done"
    case testGiveUp = "/_test/{test}/give-up"
    case testRestart = "/_test/{test}/restart"
    case testQuestions = "/_test/{test}/questions"
    case testWithdraw = "/_test/{test}/withdraw"

    /// The router's pattern, `{name}` for the one segment a request fills.
    package var pattern: String { rawValue }

    /// The path itself, for one without a segment to fill.
    package var path: String { rawValue }

    /// The path with its segment filled (`/_tab/projects`, `/_audit/reviews/3/state`), `value`
    /// as given: the caller encodes it.
    package func path(_ value: String) -> String {
        guard let open = rawValue.firstIndex(of: "{"), let close = rawValue[open...].firstIndex(of: "}") else { return rawValue }
        return String(rawValue[..<open]) + value + String(rawValue[rawValue.index(after: close)...])
    }
}
