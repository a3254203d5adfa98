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
            Self.mountTools(app, in: &group)
            Self.mountAudit(app, in: &group)
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
    private static func mountTools(_ app: WorkshopApp, in group: inout RouterGroup) {
        let tools = PrototypeTools(services: app.services)
        group.post(ReservedPath.tool.pattern, app.answer { try tools.post($0.parameters["name"], $0) })
        group.get(ReservedPath.mailbox.pattern, app.answer { try tools.mailbox($0) })
        group.get(ReservedPath.events.pattern, app.answer { try tools.eventLog($0) })
        let insights = InsightsPages(services: app.services)
        group.get(ReservedPath.map.pattern, app.answer { try insights.mapPage($0) })
        group.get(ReservedPath.mapSVG.pattern, app.answer { try insights.mapFile($0, format: .svg) })
        group.get(ReservedPath.mapMermaid.pattern, app.answer { try insights.mapFile($0, format: .mermaid) })
        group.get(ReservedPath.mapDot.pattern, app.answer { try insights.mapFile($0, format: .dot) })
        group.get(ReservedPath.insights.pattern, app.answer { try insights.dashboard($0) })
        group.get(ReservedPath.insightsTable.pattern, app.answer { try insights.table($0, name: $0.parameters["table"]) })
    }

    /// The audit workspace: the inventory, opening a state, manual reviews and their files.
    private static func mountAudit(_ app: WorkshopApp, in group: inout RouterGroup) {
        let audit = AuditRequests(services: app.services)
        group.get(ReservedPath.audit.pattern, app.answer { try audit.inventory($0) })
        group.post(ReservedPath.auditOpen.pattern, app.answer { try audit.open($0) })
        group.get(ReservedPath.auditStates.pattern, app.answer { try audit.inventoryJSON($0) })
        group.get(ReservedPath.auditSourceMap.pattern, app.answer { try audit.sourceMap($0) })
        let reviews = ReviewRequests(services: app.services)
        let files = ReviewFiles(requests: reviews)
        group.post(ReservedPath.auditReviews.pattern, app.answer { try reviews.start($0) })
        group.post(ReservedPath.auditImport.pattern, app.answer { try files.importAudit($0) })
        group.get(ReservedPath.auditReview.pattern, app.answer { try reviews.overview($0) })
        group.get(ReservedPath.auditReviewState.pattern, app.answer { try reviews.statePage($0) })
        group.post(ReservedPath.auditReviewState.pattern, app.answer { try reviews.save($0) })
        group.get(ReservedPath.auditReport.pattern, app.answer { try files.report($0) })
        group.get(ReservedPath.auditReportCSV.pattern, app.answer { try files.csv($0) })
        group.get(ReservedPath.auditReportEARL.pattern, app.answer { try files.earl($0) })
        group.get(ReservedPath.auditExport.pattern, app.answer { try files.export($0) })
        group.post(ReservedPath.auditAttach.pattern, app.answer { try files.attach($0) })
        group.post(ReservedPath.auditMove.pattern, app.answer { try reviews.move($0) })
        let screenshots = ReviewScreenshots(requests: reviews)
        group.post(ReservedPath.auditScreenshots.pattern, app.answer { try screenshots.keep($0) })
        group.get(ReservedPath.auditScreenshots.pattern, app.answer { try screenshots.show($0) })
    }
}
