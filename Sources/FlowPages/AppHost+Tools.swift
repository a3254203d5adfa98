import FlowDefinition
import Foundation
import HTMLTemplate
import HTTPServer
import Navigation
import SQLiteStore

/// The prototype toolbar: reset the session, expire the sign-in, make submits fail, and the
/// dev mailbox and event log pages.
extension AppHost {
    /// Flags the tools leave in a session's state for the next request to act on.
    enum ToolFlag {
        static let expired = "flowpages.expired"
        static let failNetwork = "flowpages.fail-network"
        static let failServer = "flowpages.fail-server"
        /// Failed submits so far, as `flowpages.failures=N`.
        static let failures = "flowpages.failures="
    }

    /// How many submits in a row fail once a failure is armed; the last one offers support.
    static let failuresInARow = 3

    /// A toolbar post (`/_tools/<name>`), or nil for any other path.
    func tool(_ path: String, visit: inout Visit, request: HTTPRequest) throws -> HTTPResponse? {
        guard path.hasPrefix("/_tools/") else { return nil }
        guard isPrototype else { throw HTTPError(.notFound, "The prototype tools are off for \(app.title).") }
        var state = visit.state
        switch path.dropFirst("/_tools/".count) {
        case "reset":
            try sessions.end(id: visit.id)
            var response = HTTPResponse.redirect(to: urls.prefix + "/")
            response.setCookie(Cookie(name: cookieName, value: "", path: "/", maxAge: 0))
            return response
        case "expire":
            guard state.userID != nil else {
                state.addToast(Notice(Self.toolNotice, values: ["message": "Nobody is signed in, so there is no sign-in to expire."]))
                break
            }
            state.flags.insert(ToolFlag.expired)
            state.addToast(Notice(Self.toolNotice, values: ["message": "The sign-in has expired. The next action shows it."]))
        case "fail-network", "fail-server":
            state.flags = state.flags.filter { !$0.hasPrefix("flowpages.fail") }
            state.flags.insert(path.hasSuffix("network") ? ToolFlag.failNetwork : ToolFlag.failServer)
            state.addToast(Notice(Self.toolNotice, values: ["message": "The next \(Self.failuresInARow) submits will fail."]))
        default:
            throw HTTPError(.notFound, "There is no prototype tool at \(path).")
        }
        try visit.commit(state, source: .direct, host: self)
        return visit.redirectToCurrentScreen(host: self, request: request)
    }

    /// A toast of the toolbar itself, its text in `message`.
    static let toolNotice = "flowpages.tool"

    /// Signs out a session whose sign-in a tester expired, keeping where it was to resume after
    /// signing in again, and shows the app's `session-expired` alert. True when it did.
    func applySessionExpiry(_ run: inout ActionRun) -> Bool {
        guard run.state.flags.contains(ToolFlag.expired) else { return false }
        run.state.flags.remove(ToolFlag.expired)
        guard run.state.userID != nil, case .success(let transition) = navigator.execute(.signOut(keepDestination: true), on: run.state) else {
            return false
        }
        run.state = transition.state
        if app.alerts["session-expired"] != nil { run.state.alert = Notice("session-expired") }
        run.events.append(event("session_expired", run.state, source: .autoRedirect))
        return true
    }

    /// Fails an effect when a tester armed a failure: the app's `network-error` or
    /// `server-error` alert, and after ``failuresInARow`` failures its `server-error-persistent`
    /// alert (Contact Support). True when the effect must not run.
    func failNextSubmit(_ run: inout ActionRun) throws -> Bool {
        let network = run.state.flags.contains(ToolFlag.failNetwork)
        guard network || run.state.flags.contains(ToolFlag.failServer) else { return false }
        let previous = run.state.flags.first { $0.hasPrefix(ToolFlag.failures) }
        let count = (previous.flatMap { Int($0.dropFirst(ToolFlag.failures.count)) } ?? 0) + 1
        run.state.flags = run.state.flags.filter { !$0.hasPrefix("flowpages.fail") }
        if count < Self.failuresInARow {
            run.state.flags.insert(network ? ToolFlag.failNetwork : ToolFlag.failServer)
            run.state.flags.insert(ToolFlag.failures + String(count))
        }
        let alert = count >= Self.failuresInARow ? "server-error-persistent" : network ? "network-error" : "server-error"
        if app.alerts[alert] != nil {
            run.state.alert = Notice(alert)
        } else {
            run.state.addToast(Notice(Self.toolNotice, values: ["message": "The submit failed (simulated \(network ? "network" : "server") error)."]))
        }
        run.events.append(event("error_shown", run.state, detail: alert))
        return true
    }

    /// The dev mailbox: what the prototype "sent", newest first; links open the app here.
    func mailbox(_ request: HTTPRequest) throws -> HTTPResponse {
        let messages = try outbox.messages(app: app.id)
        let timeText = Self.timeFormatter()
        let items: [TemplateValue] = messages.map { message in
            [
                "to": .string(message.recipient), "subject": .string(message.subject), "body": .string(message.body),
                "link": message.link.map { .string($0) } ?? .null,
                "open": message.link.map { .string("/_open?url=" + URLEncoding.encode($0)) } ?? .null,
                "sent": .string(timeText(message.sentAt)),
            ]
        }
        return try toolPage("_layout/mailbox", title: "Mailbox", values: ["messages": .array(items)])
    }

    /// The session's event log: every screen view, back press, deep link and funnel step.
    func eventLog(_ request: HTTPRequest) throws -> HTTPResponse {
        let visit = try Visit.open(request, host: self)
        let events = visit.isStored ? try self.events.events(session: visit.id) : []
        let timeText = Self.timeFormatter()
        let items: [TemplateValue] = events.map { event in
            [
                "time": .string(timeText(event.time)), "kind": .string(event.kind),
                "screen": .string(event.screen ?? ""), "previous": .string(event.previousScreen ?? ""),
                "source": .string(event.source ?? ""), "detail": .string(event.detail ?? ""),
            ]
        }
        return visit.finish(try toolPage("_layout/events", title: "Event log", values: ["events": .array(items)]),
                            host: self, request: request)
    }

    /// An error as a page of this app: what happened and a way back into it.
    func errorPage(_ error: HTTPError) throws -> HTTPResponse {
        var response = try toolPage("_layout/error", title: error.status.reason, values: ["message": .string(error.message)])
        response.status = error.status
        for field in error.headers { response.headers.add(field.name, field.value) }
        return response
    }

    private func toolPage(_ template: String, title: String, values: [String: TemplateValue]) throws -> HTTPResponse {
        var context = values
        context["app"] = ["id": .string(app.id), "title": .string(app.title), "locale": .string(app.locale), "url": .string(urls.prefix + "/")]
        context["title"] = .string(title)
        let body = try templates.renderBytes(template, context)
        return HTTPResponse(.ok, headers: HTTPHeaders([("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-store")]), body: body)
    }

    /// Formats milliseconds since 1970 as "2026-11-23 14:05:09 UTC"; made once per page, as a
    /// DateFormatter is costly to make and not to be shared across threads.
    static func timeFormatter() -> (Int64) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss 'UTC'"
        return { formatter.string(from: Date(timeIntervalSince1970: Double($0) / 1000)) }
    }
}
