import HTTPServer

/// The tools for an app's authors and auditors, mounted beside its pages as one group: the
/// prototype's tools, the flow map and insights, the audit workspace and the audit pass's
/// one-time addresses. The serving module declares only this; the workshop's module implements it
/// and the command line hands it to ``WebApplication`` (through ``Application/serve(_:workshop:)``).
/// Without one, the apps are served alone, as shipped pages are: a workshop path is then a path
/// of no screen, so 404.
public protocol Workshop: Sendable {
    /// Adds the workshop's routes for one mounted app to the app's group, each answered through
    /// ``WorkshopApp/answer(_:)`` as the app's own routes are.
    func mount(_ app: WorkshopApp, in group: inout RouterGroup)
}
