import FlowPages
import HTTPServer

/// The workshop as the command line mounts it: in each app's group, with `--prototype on`, the
/// prototype's tools, the dev mailbox and event log, the flow map and insights, and the audit
/// workspace (the inventory, opening a state, manual reviews and their files); with
/// `--prototype audit`, the audit pass's inventory, source maps and one-time addresses. Every
/// post goes through the app's post spine, as the app's own posts do.
public struct WorkshopRoutes: Workshop {
    /// The workshop, ready to hand to the server.
    public init() {}

    /// Adds the routes `app` is served with: the prototype's when it is a prototype, the audit
    /// pass's when it is served for the pass.
    public func mount(_ app: WorkshopApp, in group: inout RouterGroup) {
        if app.services.app.isPrototype {
            // The team's pages; a tester's session is answered 404 there, as where there is no page.
            let team = Team(app: app)
            Self.mountTools(team, in: &group)
            Self.mountAudit(team, in: &group)
            Self.mountResults(team, in: &group)
            Self.mountTesters(app, in: &group)
        }
        if let access = app.services.app.auditPass {
            let pass = AuditPassRequests(services: app.services, access: access)
            group.get(ReservedPath.auditStates.pattern, app.answer { try pass.states($0) })
            group.get(ReservedPath.auditSourceMap.pattern, app.answer { try pass.sourceMap($0) })
            group.post(ReservedPath.auditPass.pattern, app.answer { try pass.address($0) })
            group.get(ReservedPath.auditPassOpen.pattern, app.answer { try pass.open($0, token: $0.parameters["token"]) })
        }
    }

    /// The prototype's tools, the dev mailbox and event log, the flow map and insights.
    private static func mountTools(_ team: Team, in group: inout RouterGroup) {
        let tools = PrototypeTools(services: team.app.services)
        group.post(ReservedPath.tool.pattern, team.answer { try tools.post($0.parameters["name"], $0) })
        group.get(ReservedPath.mailbox.pattern, team.answer { try tools.mailbox($0) })
        group.get(ReservedPath.events.pattern, team.answer { try tools.eventLog($0) })
        let insights = InsightsPages(services: team.app.services)
        group.get(ReservedPath.map.pattern, team.answer { try insights.mapPage($0) })
        group.get(ReservedPath.mapSVG.pattern, team.answer { try insights.mapFile($0, format: .svg) })
        group.get(ReservedPath.mapMermaid.pattern, team.answer { try insights.mapFile($0, format: .mermaid) })
        group.get(ReservedPath.mapDot.pattern, team.answer { try insights.mapFile($0, format: .dot) })
        group.get(ReservedPath.insights.pattern, team.answer { try insights.dashboard($0) })
        group.get(ReservedPath.insightsTable.pattern, team.answer { try insights.table($0, name: $0.parameters["table"]) })
    }

    /// A usability test as its testers take it, from its link.
    private static func mountTesters(_ app: WorkshopApp, in group: inout RouterGroup) {
        let tester = TesterRequests(services: app.services)
        let questions = TesterQuestions(tester: tester)
        group.get(ReservedPath.test.pattern, app.answer { try tester.consentPage($0) })
        group.post(ReservedPath.test.pattern, app.answer { try tester.consent($0) })
        group.get(ReservedPath.testMission.pattern, app.answer { try tester.brief($0) })
        group.post(ReservedPath.testBegin.pattern, app.answer { try tester.begin($0) })
        group.post(ReservedPath.testDone.pattern, app.answer { try tester.end($0, as: .done) })
        group.post(ReservedPath.testGiveUp.pattern, app.answer { try tester.end($0, as: .gaveUp) })
        group.post(ReservedPath.testRestart.pattern, app.answer { try tester.restart($0) })
        group.get(ReservedPath.testQuestions.pattern, app.answer { try questions.page($0) })
        group.post(ReservedPath.testQuestions.pattern, app.answer { try questions.answer($0) })
        group.get(ReservedPath.testWithdraw.pattern, app.answer { try questions.withdrawPage($0) })
        group.post(ReservedPath.testWithdraw.pattern, app.answer { try questions.withdraw($0) })
    }

    /// The team's usability tests: each with its link, status and results.
    private static func mountResults(_ team: Team, in group: inout RouterGroup) {
        let results = UsabilityResultsRequests(services: team.app.services)
        group.get(ReservedPath.usability.pattern, team.answer { try results.tests($0) })
        let editor = UsabilityEditor(services: team.app.services)
        group.post(ReservedPath.usability.pattern, team.answer { try editor.create($0) })
        group.get(ReservedPath.usabilityEdit.pattern, team.answer { try editor.page($0) })
        group.post(ReservedPath.usabilityEdit.pattern, team.answer { try editor.change($0) })
        group.get(ReservedPath.usabilityResults.pattern, team.answer { try results.results($0) })
        group.get(ReservedPath.usabilityCSV.pattern, team.answer { try results.csv($0) })
        group.post(ReservedPath.usabilityStatus.pattern, team.answer { try results.setStatus($0) })
    }

    /// The audit workspace: the inventory, opening a state, manual reviews and their files.
    private static func mountAudit(_ team: Team, in group: inout RouterGroup) {
        let audit = AuditRequests(services: team.app.services)
        group.get(ReservedPath.audit.pattern, team.answer { try audit.inventory($0) })
        group.post(ReservedPath.auditOpen.pattern, team.answer { try audit.open($0) })
        group.get(ReservedPath.auditStates.pattern, team.answer { try audit.inventoryJSON($0) })
        group.get(ReservedPath.auditSourceMap.pattern, team.answer { try audit.sourceMap($0) })
        let reviews = ReviewRequests(services: team.app.services)
        let files = ReviewFiles(requests: reviews)
        group.post(ReservedPath.auditReviews.pattern, team.answer { try reviews.start($0) })
        group.post(ReservedPath.auditImport.pattern, team.answer { try files.importAudit($0) })
        group.get(ReservedPath.auditReview.pattern, team.answer { try reviews.overview($0) })
        group.get(ReservedPath.auditReviewState.pattern, team.answer { try reviews.statePage($0) })
        group.post(ReservedPath.auditReviewState.pattern, team.answer { try reviews.save($0) })
        group.get(ReservedPath.auditReport.pattern, team.answer { try files.report($0) })
        group.get(ReservedPath.auditReportCSV.pattern, team.answer { try files.csv($0) })
        group.get(ReservedPath.auditReportEARL.pattern, team.answer { try files.earl($0) })
        group.get(ReservedPath.auditExport.pattern, team.answer { try files.export($0) })
        group.post(ReservedPath.auditAttach.pattern, team.answer { try files.attach($0) })
        group.post(ReservedPath.auditMove.pattern, team.answer { try reviews.move($0) })
        let screenshots = ReviewScreenshots(requests: reviews)
        group.post(ReservedPath.auditScreenshots.pattern, team.answer { try screenshots.keep($0) })
        group.get(ReservedPath.auditScreenshots.pattern, team.answer { try screenshots.show($0) })
    }

    /// The team's pages of one app: answered as the app's own routes are, except to a tester's
    /// session (``UsabilityMark``), which is answered 404 as where there is no page: a tester
    /// taking the test sees the app and the test, not the team's tools and results. (Anyone who
    /// opens the prototype without the test's session is not a tester; `--prototype on` is for
    /// a network the team trusts.)
    private struct Team {
        let app: WorkshopApp

        func answer(_ body: @escaping Handler) -> Handler {
            let services = app.services
            return app.answer { request in
                let unit = try services.openSession(request, now: services.clock.now())
                guard UsabilityMark(in: unit.state) == nil else { throw HTTPError(.notFound, "There is no page at \(request.path).") }
                return try body(request)
            }
        }
    }
}
