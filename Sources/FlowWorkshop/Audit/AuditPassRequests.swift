import FlowPages
import Foundation
import HTTPServer

/// The automated pass's way into a server serving the pages as shipped (`--prototype audit`):
/// the inventory and a page's source map as a prototype serves them, and one-time addresses that
/// each open a state in a fresh session (``AuditPassAccess``). Without the pass's key, from
/// another machine, or for a spent address, every one of them is 404.
struct AuditPassRequests {
    let services: AppServices
    let access: AuditPassAccess
    private var audit: AuditRequests { AuditRequests(services: services) }

    /// The inventory as JSON (``AuditRequests/inventoryJSON(_:)``).
    func states(_ request: HTTPRequest) throws -> HTTPResponse {
        try admit(request)
        return try audit.inventoryJSON(request)
    }

    /// The source map of the session's last page (``AuditRequests/sourceMap(_:)``).
    func sourceMap(_ request: HTTPRequest) throws -> HTTPResponse {
        try admit(request)
        return try audit.sourceMap(request)
    }

    /// A new address opening, once, the state the posted form names (`state=<id>`), as JSON:
    /// `{"url": "/pantry/_audit/pass/<token>"}`; 404 for a state the inventory does not list.
    func address(_ request: HTTPRequest) throws -> HTTPResponse {
        try admit(request)
        let id = try request.formFields().first { $0.name == "state" }?.value ?? ""
        guard try AuditInventory.of(services).state(id) != nil else {
            throw HTTPError(.notFound, "\(services.app.app.title) has no state '\(id)'; /_audit/states.json lists them.")
        }
        let url = services.app.urls.prefix + ReservedPath.auditPassOpen.path(access.mint(state: id, now: services.clock.now()))
        let body = try JSONSerialization.data(withJSONObject: ["url": url], options: [.withoutEscapingSlashes])
        return HTTPResponse(.ok, headers: HTTPHeaders([("Content-Type", "application/json"), ("Cache-Control", "no-store")]), body: Array(body))
    }

    /// Opens the state `token` was minted for in a session of its own — a cookie the browser
    /// sends is not read, and the new session's is set — and answers with its screen. An address
    /// opens once: a second request, or one after ``AuditPassAccess/lifetime``, is 404.
    func open(_ request: HTTPRequest, token: String?) throws -> HTTPResponse {
        let now = services.clock.now()
        guard let token, let id = access.redeem(token, now: now) else {
            throw HTTPError(.notFound, "This address has opened its state already, or has expired: the audit pass asks for a new one each time.")
        }
        guard let state = try AuditInventory.of(services).state(id), let recipe = state.recipe else {
            throw HTTPError(.unprocessableContent, "The state '\(id)' cannot be opened.")
        }
        var fresh = request
        fresh.headers.remove("Cookie")
        var unit = try services.openSession(fresh, now: now)
        unit.allowWrites()
        // Checked by its one-time token, not a form's: carried out as a post is.
        return try PostSpine(services: services).carryOut(audit.opening(state, recipe: recipe, in: unit, request: request, now: now),
                                                          unit: &unit, now: now, request: request)
    }

    private func admit(_ request: HTTPRequest) throws {
        guard access.admits(request) else { throw HTTPError(.notFound, "Not found.") }
    }
}
