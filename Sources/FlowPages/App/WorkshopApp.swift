import HTTPServer

/// One mounted app as a ``Workshop`` mounts its routes for it: the app's services, which the
/// workshop's handlers are made from, and how the app answers a request.
public struct WorkshopApp: Sendable {
    /// What answering the app's requests takes.
    package let services: AppServices

    /// `body` answered as the app's own routes are: an error it throws that the app has a page
    /// for is answered with that page, in the app's look.
    package func answer(_ body: @escaping Handler) -> Handler {
        { [services] request in try services.answering(request) { try body(request) } }
    }
}
