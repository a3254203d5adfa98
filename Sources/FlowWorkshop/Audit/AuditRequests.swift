import FlowPages
import FlowStore
import Foundation
import HTMLTemplate
import HTTPServer
import Navigation

/// The audit workspace's pages, mounted only with `--prototype on`: the inventory of every state
/// the app declares (`/_audit`, ``AuditInventory``), "Open this state" (`/_audit/open`), a
/// post that puts the session into exactly that state — the stack beneath it built as a link
/// builds it, the alert, toast or a form's errors showing — so Back and Close behave as in the
/// app, and the source map of the session's last page (`/_audit/source-map`).
struct AuditRequests {
    let services: AppServices
    private var app: MountedApp { services.app }

    /// The inventory, by kind, with a button opening each state that can be opened.
    func inventory(_ request: HTTPRequest) throws -> HTTPResponse {
        let unit = try services.openSession(request, now: services.clock.now())
        let inventory = try AuditInventory.of(services)
        let kinds: [TemplateValue] = AuditState.Kind.allCases.compactMap { kind in
            let states = inventory.states.filter { $0.kind == kind }
            guard !states.isEmpty else { return nil }
            return [
                "id": .string(kind.rawValue), "heading": .string(kind.heading), "count": .string(String(states.count)),
                "states": .array(states.map { state in
                    ["id": .string(state.id), "name": .string(state.name), "note": state.note.map { .string($0) } ?? .null,
                     "openable": .bool(state.recipe != nil)]
                }),
            ]
        }
        let reviews = try services.store.read { try $0.reviews.reviews(app: app.app.id) }
        let values: [String: TemplateValue] = [
            "kinds": .array(kinds), "total": .string(String(inventory.states.count)), "csrf": .string(unit.csrfToken),
            "open": .string(app.urls.prefix + ReservedPath.auditOpen.path),
            "reviews": .array(reviews.map { review in
                ["name": .string(review.name), "auditor": .string(review.auditor), "created": .string(ReviewReport.date(review.created)),
                 "url": .string(app.urls.prefix + ReservedPath.auditReview.path(String(review.id)))]
            }),
            "reviewCount": .string(String(reviews.count)),
            "start": .string(app.urls.prefix + ReservedPath.auditReviews.path), "import": .string(app.urls.prefix + ReservedPath.auditImport.path),
        ]
        return unit.finish(try services.renderer.page("_layout/audit", title: "Audit: every state", values: values, for: PageRenderer.session(of: unit)), request: request)
    }

    /// The inventory as JSON, for tools: each state's id, kind (and its group's heading), name, the route its screen
    /// shows and the steps a person takes to reach it (``AuditStep``), as "Open this state" does.
    func inventoryJSON(_ request: HTTPRequest) throws -> HTTPResponse {
        let replay = try AuditReplay(services, sessionID: "", dataKey: "", clientAddress: request.clientAddress, now: services.clock.now())
        let states: [[String: Any]] = try AuditInventory.of(services).states.map { state in
            var entry: [String: Any] = ["id": state.id, "kind": state.kind.rawValue, "group": state.kind.heading, "name": state.name,
                                        "openable": state.recipe != nil, "steps": state.recipe.map { replay.steps($0).map(\.json) } ?? []]
            entry["route"] = state.shownRoute?.rawValue
            entry["note"] = state.note
            return entry
        }
        let body = try JSONSerialization.data(withJSONObject: ["app": app.app.id, "states": states], options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return HTTPResponse(.ok, headers: HTTPHeaders([("Content-Type", "application/json"), ("Cache-Control", "no-store")]), body: Array(body))
    }

    /// Puts the session into the state the post names, replayed as the app runs (a toast's
    /// action done in the session, its writes the session's own), and shows it.
    func open(_ request: HTTPRequest) throws -> HTTPResponse {
        try PostSpine(services: services).handle(request) { post in
            guard let id = post.form["state"], let state = try AuditInventory.of(services).state(id) else {
                throw HTTPError(.notFound, "\(app.app.title) has no state '\(post.form["state"] ?? "")' to open; the inventory lists them.")
            }
            guard let recipe = state.recipe else {
                throw HTTPError(.unprocessableContent, "“\(state.name)” cannot be opened: \(state.note ?? "it has no way in").")
            }
            return try opening(state, recipe: recipe, in: post.unit, request: post.request, now: post.now)
        }
    }

    /// What putting `unit`'s session into `state` (made by `recipe`) comes to: the state replayed
    /// as the app runs, in one unit of work, answered with its screen; the session's pages are
    /// mapped from then on.
    func opening(_ state: AuditState, recipe: AuditState.Recipe, in unit: SessionUnit, request: HTTPRequest, now: Int64) throws -> PostAnswer {
        if case .notFound(let path) = recipe {
            return .finishing(.respond(.redirect(to: app.urls.prefix + path)), watch)
        }
        let replay = try AuditReplay(services, sessionID: unit.id, dataKey: unit.dataKey, clientAddress: request.clientAddress, now: now)
        let prepared = try replay.prepare(recipe)
        let unreached = HTTPError(.conflict, "“\(state.name)” could not be reached from the app's start: what this session changed of the app's"
                                      + " data (a record deleted) may be in the way. Reset in the prototype toolbar starts afresh.")
        return .finishing(.work { transaction in
            guard let opened = try replay.state(recipe, prepared: prepared, in: transaction) else { throw unreached }
            return (opened, [], .deepLink)
        }, watch)
    }

    /// Maps the pages of the session the audit opened a state in from here on (its id as
    /// committed: a replayed sign-in rotates it), so the pass can name their template lines.
    private func watch(_ unit: SessionUnit, _ response: HTTPResponse) -> HTTPResponse {
        app.sourceMaps?.watch(unit.id)
        return response
    }
}
