import FlowDefinition
import FlowStore
import Foundation
import HTMLTemplate
import HTTPServer
import Navigation

/// Turns a session's state into the page a person sees: the current screen through its
/// template inside the app's layout, or an error page of the app's own. It reads the page's data
/// and writes nothing: what a request changes is committed before its page is rendered.
package struct PageRenderer {
    let app: MountedApp
    /// Where the page's data is read from.
    let store: any WebStore
    let errorLog: @Sendable (String) -> Void

    /// The current screen of `shown` — the committed session's state with the one-shot notices
    /// (toasts, a form's errors) its page shows — with what the app banner `offers` and how the
    /// screen moved (`motion`) and a public page's view counters (`beacons`), answered `status`
    /// with `Cache-Control: no-store` (a public page's answer says otherwise). A screen
    /// whose template fails is logged with the request id and answered 500 with an error view in
    /// its place inside the app's layout (seed 004 §15), its bar's Back and tab bar still there,
    /// Start Over, and an error toast; a prototype's view names the fault.
    func screen(_ unit: SessionUnit, showing shown: NavigationState, offering offer: AppBanner.Offer = .none, motion: Motion? = nil,
                status: HTTPStatus = .ok, beacons: [String] = [], request: HTTPRequest) -> HTTPResponse {
        let response: HTTPResponse
        do {
            response = Self.html(try render(shown, unit: unit, offering: offer, motion: motion, beacons: beacons), status: status)
        } catch {
            let current = app.navigation.currentScreen(in: shown)
            errorLog("request \(request.id): \(app.app.id) screen \(current.name) could not be rendered: \(error)")
            response = brokenScreen(unit, current: current, error: error)
        }
        return unit.finish(response, request: request)
    }

    /// The session's current screen with an error toast saying `message`, answered `status`: an
    /// address the app cannot show (400 for a search with nothing to look for), a post refused.
    /// Nothing is saved.
    func refusal(_ unit: SessionUnit, message: String, status: HTTPStatus, request: HTTPRequest) throws -> HTTPResponse {
        var state = unit.state
        state.addToast(Notice(ServerNotice.error, values: ["message": message]))
        return unit.finish(Self.html(try render(state, unit: unit), status: status), request: request)
    }

    /// The current screen of `state` through its template, with the data it reads, what the app
    /// banner offers and how the screen moved.
    private func render(_ state: NavigationState, unit: SessionUnit, offering offer: AppBanner.Offer = .none, motion: Motion? = nil,
                        beacons: [String] = []) throws -> [UInt8] {
        let current = app.navigation.currentScreen(in: state)
        var page = try context(state, unit: unit)
        (page.offer, page.motion, page.beacons) = (offer, motion?.rawValue, beacons)
        var renderedApart: [String: SourceMap] = [:]
        // Only a modal (not a full-screen sheet) is drawn over its screen.
        if page.page.isModal, page.page.detent?.name != SheetDetent.fullScreen.name, let title = page.underlying?.title,
           let beneath = beneath(state, unit: unit, title: title) {
            page.underlying = beneath.value
            renderedApart[beneath.value.html?.html ?? ""] = beneath.sourceMap
        }
        return try renderBytes(app.app.templates[current.name] ?? "", page, for: Self.session(of: unit), renderedApart: renderedApart)
    }

    /// Renders `template` with `page`. For a session the audit watches (``MountedApp/sourceMaps``),
    /// the page's source map is kept as `session`'s last (with the lines of `renderedApart`, the
    /// maps of markup drawn apart that the page writes in); otherwise nothing is recorded.
    private func renderBytes(_ template: String, _ page: ScreenPage, for session: String?, renderedApart: [String: SourceMap] = [:]) throws -> [UInt8] {
        try renderBytes(for: session, renderedApart: renderedApart) { map in try app.templates.renderBytes(template, model: ScreenPage.Model(page), sourceMap: &map) }
    }

    /// Renders `template` with a context of `values`, as ``renderBytes(_:_:for:renderedApart:)`` does a screen.
    private func renderBytes(_ template: String, values: [String: TemplateValue], for session: String?) throws -> [UInt8] {
        try renderBytes(for: session) { map in try app.templates.renderBytes(template, values, sourceMap: &map) }
    }

    private func renderBytes(for session: String?, renderedApart: [String: SourceMap] = [:],
                             _ render: (inout SourceMap?) throws -> [UInt8]) throws -> [UInt8] {
        var none: SourceMap?
        guard let maps = mapping(session), let session else { return try render(&none) }
        var map: SourceMap? = SourceMap(renderedApart: renderedApart)
        let body = try render(&map)
        if let map { maps.keep(map, of: body, for: session) }
        return body
    }

    /// Where the pages of `session` are mapped: nil unless the audit watches it.
    private func mapping(_ session: String?) -> AuditSourceMaps? {
        guard let maps = app.sourceMaps, let session, maps.isWatching(session) else { return nil }
        return maps
    }

    /// What the browser names `unit`'s session by in its next request (its cookie): nil for a
    /// visitor whose id it is never given.
    package static func session(of unit: SessionUnit) -> String? {
        unit.isStored || unit.hasCookie ? unit.id : nil
    }

    /// The screen a modal stands over, drawn in full — its own template and data, as it was
    /// before the modal opened — for the layout to show dimmed and inert beneath the sheet: the
    /// state without the modal, modelled and read as a page of its own, through the blocks its
    /// template fills inside `_layout/underlying`. Nil without a modal, under a full-screen one
    /// (which hides it; a full-screen sheet's caller asks for none), and when it cannot be drawn (logged; the sheet shows over its title alone).
    /// With its markup, and that markup's source map while the audit workspace is on.
    private func beneath(_ state: NavigationState, unit: SessionUnit, title: String) -> (value: ScreenPage.Underlying, sourceMap: SourceMap?)? {
        guard case .modal(let style) = app.navigation.screen(in: state).context, style != .fullScreen,
              case .success(let dismissed) = app.navigator.execute(.dismissModal, on: state) else { return nil }
        var under = dismissed.state
        (under.alert, under.heldNavigation, under.formErrors) = (nil, nil, nil)
        _ = under.takeToasts()
        let screen = app.navigation.currentScreen(in: under)
        do {
            let page = try context(under, unit: unit, takesFocus: false)
            var map: SourceMap? = mapping(Self.session(of: unit)) == nil ? nil : SourceMap()
            let html = String(decoding: try app.templates.renderBytes(app.app.templates[screen.name] ?? "", in: "_layout/underlying", model: ScreenPage.Model(page), sourceMap: &map),
                              as: UTF8.self)
            return (ScreenPage.Underlying(title: title, html: SafeHTML(trusted: html), tab: page.page.tab), map)
        } catch {
            errorLog("\(app.app.id): the screen \(screen.name) beneath a modal could not be drawn: \(error)")
            return nil
        }
    }

    /// What the current screen of `state` reads: the page model with the data it shows.
    private func context(_ state: NavigationState, unit: SessionUnit, takesFocus: Bool = true) throws -> ScreenPage {
        try context(state, scope: unit.recordScope, csrfToken: unit.csrfToken, takesFocus: takesFocus)
    }

    private func context(_ state: NavigationState, scope: @escaping (CollectionScope) -> RecordScope?, csrfToken: String,
                         takesFocus: Bool = true) throws -> ScreenPage {
        let screen = app.navigation.currentScreen(in: state).name
        // One connection for everything the page reads.
        let data = try store.read { reads in
            try PageData(AppData(app: app, reads: reads.records, scope: scope), state: state, accounts: reads.accounts,
                         showsPerson: app.showsPerson.contains(screen), profileForms: app.profileForms, choiceForms: app.choiceForms[screen] ?? [])
        }
        return app.model.context(for: state, csrfToken: csrfToken, data: data, takesFocus: takesFocus)
    }

    /// The current screen of `state` as the audit compares and names it: its title filled from
    /// its records, and what its own template writes (its blocks, without the app's layout), read
    /// in `scope`; nil when it cannot be drawn.
    package func ownContent(of state: NavigationState, scope: @escaping (CollectionScope) -> RecordScope?) -> (title: String, content: [UInt8])? {
        let screen = app.navigation.currentScreen(in: state)
        var none: SourceMap?
        guard let page = try? context(state, scope: scope, csrfToken: "", takesFocus: false),
              let content = try? app.templates.renderBytes(app.app.templates[screen.name] ?? "", in: "_layout/underlying", model: ScreenPage.Model(page), sourceMap: &none) else { return nil }
        return (page.page.heading, content)
    }

    /// An error as a page of this app: what happened and a way back into it; for `session`
    /// (the request's cookie), whose source map it keeps while the audit workspace is on.
    func errorPage(_ error: HTTPError, for session: String? = nil) -> HTTPResponse? {
        guard var response = try? page("_layout/error", title: error.status.reason, values: ["message": .string(error.message)], for: session) else { return nil }
        response.status = error.status
        for field in error.headers { response.headers.add(field.name, field.value) }
        return response
    }

    /// A page of the layout's own (mailbox, event log, errors) with this app's look, shown to
    /// `session`, whose source map it keeps while the audit workspace is on.
    package func page(_ template: String, title: String, values: [String: TemplateValue], for session: String? = nil) throws -> HTTPResponse {
        var context = values
        context["app"] = ["id": .string(app.app.id), "title": .string(app.app.title), "locale": .string(app.app.locale), "url": .string(app.urls.prefix + "/")]
        context["title"] = .string(title)
        return Self.html(try renderBytes(template, values: context, for: session))
    }

    /// The page of a screen that could not be shown: the error view in the app's layout, else
    /// (the layout failing too) the plain error page.
    private func brokenScreen(_ unit: SessionUnit, current: RouteInstance, error: any Error) -> HTTPResponse {
        let title = app.navigation.route(current.name)?.title ?? ""
        // A title filled from records ("{coin.name}") is not said half-filled.
        let named = title.isEmpty || AppData.hasPlaceholders(title) ? "This screen" : "The screen “\(title)”"
        var state = unit.state
        state.addToast(Notice(ServerNotice.error, values: ["message": named + " could not be shown."]))
        // The data it reads failing too: the plain page, which reads none.
        guard var page = try? context(state, unit: unit) else { return plainBrokenScreen(unit, current: current) }
        page.failure = .init(message: "Something in this screen failed to draw. Go back, choose another tab, or start over; what you did before is kept.",
                             detail: app.isPrototype ? String(describing: error) : nil)
        if let body = try? renderBytes("_layout/broken-screen", page, for: Self.session(of: unit)) {
            return Self.html(body, status: .internalServerError)
        }
        return plainBrokenScreen(unit, current: current)
    }

    /// The plain error page of a screen that could not be shown: 500, with Back when the screen
    /// has one and Start Over, posted from that screen as its own buttons would be.
    private func plainBrokenScreen(_ unit: SessionUnit, current: RouteInstance) -> HTTPResponse {
        let back = app.navigation.screen(in: unit.state).back != nil
        let values: [String: TemplateValue] = [
            "message": "This screen could not be shown. Go back, or start over; what you did before is kept.",
            "csrf": .string(unit.csrfToken),
            "route": ["url": .string(app.urls.screen(current))],
            "recover": ["back": back ? .string(app.urls.back) : .null, "startOver": .string(app.urls.startOver)],
        ]
        var response = (try? page("_layout/error", title: "Something Went Wrong", values: values, for: Self.session(of: unit)))
            ?? .text("This screen could not be shown.\n", status: .internalServerError)
        response.status = .internalServerError
        return response
    }

    static func html(_ body: [UInt8], status: HTTPStatus = .ok) -> HTTPResponse {
        HTTPResponse(status, headers: HTTPHeaders([("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-store")]), body: body)
    }
}
