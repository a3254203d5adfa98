import FlowPages
import FlowStore
import Foundation
import HTMLTemplate
import HTTPServer
import Navigation

/// The prototype toolbar and its pages, mounted only with `--prototype on`: reset the session,
/// expire the sign-in, make submits fail, the dev mailbox and the session's event log.
struct PrototypeTools {
    let services: AppServices
    private var app: MountedApp { services.app }

    /// A toolbar post (`/_tools/{name}`), through the post spine as every post is.
    func post(_ name: String?, _ request: HTTPRequest) throws -> HTTPResponse {
        try PostSpine(services: services).handle(request) { post in try decide(name, post) }
    }

    private func decide(_ name: String?, _ post: PostSpine.Checked) throws -> PostAnswer {
        guard !post.isOutOfDate else { return .outOfDate }
        var state = post.unit.state
        func tell(_ message: String) { state.addToast(Notice(ServerNotice.message, values: ["message": message])) }
        guard let tool = name.flatMap(PrototypeTool.init(rawValue:)) else {
            throw HTTPError(.notFound, "There is no prototype tool at \(post.request.path).")
        }
        switch tool {
        case .reset:
            var response = HTTPResponse.redirect(to: app.urls.prefix + "/")
            response.setCookie(Cookie(name: app.cookieName, value: "", path: "/", maxAge: 0))
            return .endSession(response)
        case .expire:
            guard state.userID != nil else {
                tell("Nobody is signed in, so there is no sign-in to expire.")
                break
            }
            state.flags.insert(TesterFlag.expired)
            tell("The sign-in has expired. The next action shows it.")
        case .failNetwork, .failServer:
            ArmedFailure.set(ArmedFailure(kind: tool == .failNetwork ? .network : .server), in: &state)
            tell("The next \(ArmedFailure.submitsInARow) submits will fail.")
        }
        return .move(state)
    }

    /// The session's dev mailbox: what the prototype "sent" for its actions, newest first; links
    /// open the app here. Another tester's mail — their codes and reset links — is never shown.
    func mailbox(_ request: HTTPRequest) throws -> HTTPResponse {
        let unit = try services.openSession(request, now: services.clock.now())
        let messages = unit.isStored ? try services.store.read { try $0.outbox.messages(app: app.app.id, mailbox: unit.dataKey, limit: 100) } : []
        let timeText = Self.timeFormatter()
        let items: [TemplateValue] = messages.map { message in
            [
                "to": .string(message.recipient), "subject": .string(message.subject), "body": .string(message.body),
                "link": message.link.map { .string($0) } ?? .null,
                "open": message.link.map { .string(app.urls.opener + "?url=" + URLEncoding.encode($0)) } ?? .null,
                "sent": .string(timeText(message.sentAt)),
            ]
        }
        return unit.finish(try services.renderer.page("_layout/mailbox", title: "Mailbox", values: ["messages": .array(items)], for: PageRenderer.session(of: unit)), request: request)
    }

    /// The session's event log: every screen view, back press, deep link and funnel step.
    func eventLog(_ request: HTTPRequest) throws -> HTTPResponse {
        let unit = try services.openSession(request, now: services.clock.now())
        // The newest ones: a session's log has no end, a page has.
        var events = unit.isStored ? try services.store.read { try $0.events.events(session: unit.id, limit: Self.eventLogLimit + 1) } : []
        let isCut = events.count > Self.eventLogLimit
        if isCut { events.removeFirst() }
        let timeText = Self.timeFormatter()
        let items: [TemplateValue] = events.map { event in
            [
                "time": .string(timeText(event.time)), "kind": .string(event.kind),
                "screen": .string(event.screen ?? ""), "previous": .string(event.previousScreen ?? ""),
                "source": .string(event.source ?? ""), "detail": .string(Self.facts(of: event)),
            ]
        }
        return unit.finish(try services.renderer.page("_layout/events", title: "Event log", values: [
            "events": .array(items), "olderLeftOut": isCut ? .string(String(Self.eventLogLimit)) : .null,
        ], for: PageRenderer.session(of: unit)), request: request)
    }

    /// The most events the event log page shows: the newest.
    static let eventLogLimit = 500

    /// An event's facts as a person reads them: "funnel registration, step 2 (Personal Info)",
    /// "stack depth 3", "/auth/reset-password (sumafinance://auth/reset-password)", "12.4 s on login".
    static func facts(of event: StoredEvent) -> String {
        var facts: [String] = []
        if let funnel = event.funnel { facts.append("funnel \(funnel), step \(event.stepNumber.map(String.init) ?? "?")" + (event.step.map { " (\($0))" } ?? "")) }
        if let depth = event.depth { facts.append("stack depth \(depth)") }
        if let pattern = event.pattern { facts.append(pattern + (event.link.map { " (\($0))" } ?? "")) }
        if let dwell = event.dwell, let previous = event.previousScreen {
            facts.append(String(format: "%.1f", Double(dwell) / 1000) + " s on " + previous)
        }
        if let outcome = event.outcome { facts.append("app banner: " + outcome.replacingOccurrences(of: "_", with: " ")) }
        if let detail = event.detail { facts.append(detail) }
        return facts.joined(separator: "; ")
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
