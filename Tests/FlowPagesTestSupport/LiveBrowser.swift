import FlowPages
import FlowStore
import FlowWorkshop
import Foundation
import HTTPServer
import Testing
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// The repository's own `Views/` (or a test's) and `Public/` served by a real server on
/// 127.0.0.1 and a port the system picks, over a fresh store (``TestStore``: SQLite, or a
/// PostgreSQL schema).
package final class LiveApp {
    /// The server, on 127.0.0.1.
    package private(set) var server: HTTPServer
    /// The port the system gave it.
    package private(set) var port: Int
    /// The data, as the server's store keeps it.
    package private(set) var data: TestStore

    /// The repository's root folder.
    package static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    /// Passwords hashed at the lowest cost the verifier accepts: the recommended one takes a quarter of a second a hash.
    package static let hasher = PasswordHasher(logRounds: 10, blockSize: 8, parallelism: 1)

    /// The views folder served: the repository's own, or one a test made.
    package let views: String

    /// - Parameter watch: Whether the views are served as ``LiveViews``, built again after a
    ///   change to their files (and may then be broken).
    /// - Parameter polling: With `watch`, whether the files are polled rather than watched with inotify.
    /// - Parameter eventLimits: The rates events are recorded at (``EventBudget``); the documented ones by default.
    /// - Parameter publicFolder: FlowPages' static files; the repository's `Public` by default.
    /// - Parameter auditKey: Serve the pages for the audit pass with this key (`--prototype audit`; `prototype` false).
    /// - Parameter workshop: The tools mounted beside each app's pages, as `flowpages serve` mounts
    ///   them (a serving test reads the dev mailbox too); nil serves the apps alone.
    /// - Parameter publicCache: How strangers' public pages are cached (with `prototype` false); nil: never public.
    package init(views: String? = nil, appHosts: [String: String] = [:], prototype: Bool = true, auditKey: String? = nil, publicOrigins: [String] = [],
                 publicCache: PublicCache? = nil, watch: Bool = false,
                 polling: Bool = false, eventLimits: EventBudget.Limits = EventBudget.Limits(), publicFolder: String? = nil,
                 workshop: (any Workshop)? = WorkshopRoutes()) throws {
        data = try TestStore.fresh("e2e")
        self.workshop = workshop
        linkCounters = LinkCounters(store: data.store)
        self.views = views ?? Self.repository.appendingPathComponent("Views").path
        (server, port) = try Self.start(data.store, views: self.views, appHosts: appHosts, prototype: prototype, auditKey: auditKey, publicOrigins: publicOrigins,
                                        publicCache: publicCache, watch: watch, polling: polling,
                                        linkCounters: linkCounters, eventLimits: eventLimits, workshop: workshop,
                                        publicFolder: publicFolder ?? Self.repository.appendingPathComponent("Public").path)
    }

    /// Where the server counts what visitors without a session do with deep links.
    package private(set) var linkCounters: LinkCounters
    /// The tools mounted beside each app's pages, if any; a restart mounts the same.
    private let workshop: (any Workshop)?

    /// Writes the counts kept in memory, as the server does every 10 seconds.
    package func flushLinkCounts() throws {
        try linkCounters.flush()
    }

    /// The server's store.
    package var store: any WebStore { data.store }

    private static func start(
        _ store: any WebStore, views: String, appHosts: [String: String], prototype: Bool = true, auditKey: String? = nil, publicOrigins: [String] = [],
        publicCache: PublicCache? = nil, watch: Bool = false,
        polling: Bool = false,
        linkCounters: LinkCounters, eventLimits: EventBudget.Limits = EventBudget.Limits(), workshop: (any Workshop)?,
        publicFolder: String = repository.appendingPathComponent("Public").path
    ) throws -> (HTTPServer, Int) {
        let eventBudget = EventBudget(counters: linkCounters, limits: eventLimits)
        let build: @Sendable () throws -> WebApplication = {
            try WebApplication(
                views: views, publicFolder: publicFolder,
                store: store, appHosts: appHosts, prototype: prototype, auditKey: auditKey, publicOrigins: publicOrigins, publicCache: publicCache,
                linkCounters: linkCounters,
                eventBudget: eventBudget, errorLog: { _ in }, workshop: workshop
            )
        }
        let router: any Responding
        if watch {
            router = try LiveViews(watching: [views], polling: polling, log: { _ in }, build: build)
        } else {
            let web = try build()
            #expect(web.problems.isEmpty, "\(web.problems)")
            router = web.router
        }
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.accessLog = nil
        configuration.log = { _ in }
        let server = try HTTPServer(configuration: configuration, router: router)
        return (server, try server.start())
    }

    /// Stops the server and starts a new one on the same data, as a redeploy would.
    package func restart(prototype: Bool = true) throws {
        server.shutdown()
        data = try data.reopened()
        linkCounters = LinkCounters(store: data.store)
        (server, port) = try Self.start(data.store, views: views, appHosts: [:], prototype: prototype, linkCounters: linkCounters, workshop: workshop)
    }

    /// Every event recorded for the app, oldest first.
    package func events(app: String = "suma-finance") throws -> [StoredEvent] {
        try store.read { try $0.events.events(app: app, from: 0, to: .max) }
    }

    /// The newest mail the prototype sent.
    package func lastMail(app: String = "suma-finance") throws -> MailMessage? {
        try store.read { try $0.outbox.messages(app: app, mailbox: nil, limit: 1) }.first
    }

    /// Every mail the prototype sent, newest first.
    package func mails(app: String = "suma-finance") throws -> [MailMessage] {
        try store.read { try $0.outbox.messages(app: app, mailbox: nil, limit: 1000) }
    }

    deinit {
        server.shutdown()
    }
}

/// A browser without JavaScript: a cookie jar, a history, and pages read by libxml2. Every page
/// it is shown is checked as an HTML checker would (one `h1`, a title, labelled controls,
/// unique ids), and a problem fails the test that loaded it.
package struct LiveBrowser {
    /// An answer as it came over the socket.
    package struct Response {
        /// Its status code.
        package let status: Int
        /// Its header fields, in order.
        package let headers: [(String, String)]
        /// Its body, as UTF-8.
        package let body: String

        /// The first header field named `name`, whatever its case.
        package func header(_ name: String) -> String? { headers.first { $0.0.lowercased() == name.lowercased() }?.1 }
    }

    /// The server in this process it browses, if it browses one (not a `flowpages serve` process).
    package let app: LiveApp?
    /// The `Host` it sends (nil: the server's address).
    package var host: String?
    /// The port to connect to when not the app's: a proxy's in front of it, or another process.
    package var port: Int?
    /// The cookie jar, by name.
    package var cookies: [String: String] = [:]
    /// The loopback address its connections come from (nil: 127.0.0.1), as a client elsewhere.
    package var source: String?
    /// The URLs shown, oldest first; the last is the current page.
    package var history: [String] = []
    /// The page shown now.
    package private(set) var page = HTMLPage("")
    /// The last answer received, after redirects.
    package private(set) var last = Response(status: 0, headers: [], body: "")

    /// A browser of `app`, sending `host` as `Host` when given.
    package init(_ app: LiveApp, host: String? = nil) {
        self.app = app
        self.host = host
    }

    /// A browser of the server on `port` of 127.0.0.1, such as a `flowpages serve` process.
    package init(port: Int) {
        app = nil
        self.port = port
    }

    /// The current page's URL.
    package var url: String { history.last ?? "" }

    /// Types `target` into the address bar: a GET with no Referer, redirects followed.
    @discardableResult
    package mutating func open(_ target: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> HTMLPage {
        try follow(try request("GET", target, referer: nil), from: target, sourceLocation: sourceLocation)
    }

    /// Presses the in-page Back (or Close) until a screen has none, and returns the headings
    /// shown on the way: "Back chain X → Y" of the acceptance walk-throughs. A Back that never
    /// ends (no app's stack is 12 deep) fails the test with what it saw, rather than hang it.
    package mutating func backChain(sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        var chain: [String] = []
        while let back = page.back {
            guard chain.count < 12 else {
                Issue.record("Back never reached a root; it went through \(chain.joined(separator: " → "))", sourceLocation: sourceLocation)
                break
            }
            try press(back, sourceLocation: sourceLocation)
            chain.append(page.heading)
        }
        return chain
    }

    /// Follows the link that reads `text`, as a click does, and returns the page it leads to.
    @discardableResult
    package mutating func click(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> HTMLPage {
        guard let link = page.root.elements("a").first(where: { $0.content == text && !($0["class"] ?? "").contains("skip") }),
              let href = link["href"] else {
            Issue.record("no link '\(text)' on \(url); the links are \(page.root.elements("a").map(\.content))", sourceLocation: sourceLocation)
            return page
        }
        return try get(href, sourceLocation: sourceLocation)
    }

    /// A GET this page makes (a link, a form with method="get"): this page as the Referer, and
    /// Sec-Fetch-Site: same-origin.
    @discardableResult
    package mutating func get(_ target: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> HTMLPage {
        let response = try request("GET", target, referer: url, extra: [("Sec-Fetch-Site", "same-origin")])
        return try follow(response, from: target, sourceLocation: sourceLocation)
    }

    /// Presses the tab bar's button of tab `id` (its text carries a badge's count): the tab bar's
    /// one form, posted to the button's `formaction`.
    @discardableResult
    package mutating func selectTab(_ id: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> HTMLPage {
        guard let form = page.tabBarForm, let action = form.elements("button").first(where: { $0["formaction"]?.hasSuffix("/_tab/" + id) == true })?["formaction"] else {
            Issue.record("no tab '\(id)' on \(url)", sourceLocation: sourceLocation)
            return page
        }
        var values: [String: String] = [:]
        for input in form.elements("input") { if let name = input["name"] { values[name] = input["value"] ?? "" } }
        return try post(action, values, sourceLocation: sourceLocation)
    }

    /// The browser's Back button: the previous URL, fetched again (screens are `no-store`).
    @discardableResult
    package mutating func goBack(sourceLocation: SourceLocation = #_sourceLocation) throws -> HTMLPage {
        let current = history.removeLast()
        let previous = history.removeLast()
        return try follow(try request("GET", previous, referer: current), from: previous, sourceLocation: sourceLocation)
    }

    /// Reload: the current URL again.
    @discardableResult
    package mutating func reload(sourceLocation: SourceLocation = #_sourceLocation) throws -> HTMLPage {
        let current = history.removeLast()
        return try follow(try request("GET", current, referer: current), from: current, sourceLocation: sourceLocation)
    }

    /// Fills in fields by their labels and presses the button labelled `label`, sending the form as
    /// a browser does: checked boxes and radio buttons only, a select's selected option (else its
    /// first), every checked box of a group. A choice group is filled by its legend, with the
    /// values to pick one a line. `choosing` picks a file (its name and text) for the file input
    /// of each label; a form with `enctype="multipart/form-data"` is sent so, a file input left
    /// empty as a part with no file name and no content.
    @discardableResult
    package mutating func press(_ label: String, filling fields: [String: String] = [:], choosing files: [String: (name: String, text: String)] = [:],
                        headers: [(String, String)] = [], sourceLocation: SourceLocation = #_sourceLocation) throws -> HTMLPage {
        guard let (form, button) = page.button(label) else {
            Issue.record("no button '\(label)' on \(url); the buttons are \(page.buttons)", sourceLocation: sourceLocation)
            return page
        }
        var pairs: [(name: String, value: String)] = []
        var fileInputs: Set<String> = []
        var chosen: [String: (name: String, text: String)] = [:]
        for control in form.all where ["input", "select", "textarea"].contains(control.name) {
            guard let name = control["name"] else { continue }
            switch (control.name, control["type"]) {
            case ("input", "checkbox"?), ("input", "radio"?):
                if control["checked"] != nil { pairs.append((name, control["value"] ?? "on")) }
            case ("select", _):
                let options = control.elements("option")
                pairs.append((name, (options.first { $0["selected"] != nil } ?? options.first)?["value"] ?? ""))
            case ("textarea", _):
                pairs.append((name, control.raw))
            case ("input", "file"?):
                fileInputs.insert(name)
                pairs.append((name, ""))
            default:
                pairs.append((name, control["value"] ?? ""))
            }
        }
        for (label, value) in fields {
            if let group = page.root.elements("fieldset").first(where: { fieldset in
                fieldset.elements("legend").first?.content == label && form.all.contains { $0 === fieldset }
            }), let name = group.elements("input").first?["name"] {
                pairs.removeAll { $0.name == name }
                pairs += value.split(separator: "\n").map { (name, String($0)) }
                continue
            }
            guard let field = page.field(labelled: label), let name = field["name"], form.all.contains(where: { $0 === field }) else {
                Issue.record("no field labelled '\(label)' in the form of '\(label)' on \(url)", sourceLocation: sourceLocation)
                continue
            }
            pairs.removeAll { $0.name == name }
            if field["type"] == "checkbox" {
                if !value.isEmpty { pairs.append((name, "on")) }
            } else {
                pairs.append((name, value))
            }
        }
        for (label, file) in files {
            guard let field = page.field(labelled: label), field["type"] == "file", let name = field["name"], form.all.contains(where: { $0 === field }) else {
                Issue.record("no file input labelled '\(label)' in the form of '\(label)' on \(url)", sourceLocation: sourceLocation)
                continue
            }
            chosen[name] = file
        }
        // The pressed button's own name and value go with the form, as a browser sends them.
        if let name = button["name"] { pairs.append((name, button["value"] ?? "")) }
        let action = button["formaction"] ?? form["action"] ?? url
        if form["enctype"] == "multipart/form-data" {
            let parts = pairs.map { pair in
                (name: pair.name, filename: fileInputs.contains(pair.name) ? chosen[pair.name]?.name ?? "" : nil, value: chosen[pair.name]?.text ?? pair.value)
            }
            return try post(action, body: Self.multipart(parts), headers: [("Content-Type", "multipart/form-data; boundary=\(Self.boundary)")] + headers,
                            sourceLocation: sourceLocation)
        }
        let body = pairs.map { "\(URLEncoding.encode($0.name))=\(URLEncoding.encode($0.value))" }.joined(separator: "&")
        return try post(action, body: body, headers: headers, sourceLocation: sourceLocation)
    }

    /// How ``submit(formWith:typing:by:)`` finds the field a value is typed into.
    package enum FieldKey {
        case name, type
    }

    /// Sends the first form of the page `matching` says, as a person does: its fields as they
    /// are (hidden ones, checked boxes, a select's chosen option) with `values` typed into the
    /// fields they name — by the field's name, or by its type (`email`, `password`); `emptying`,
    /// every field a person sees emptied and unchecked first; `pressing`, the button pressed (its
    /// `formaction` where it has one).
    @discardableResult
    package mutating func submit(formWith matching: (HTMLPage.Node) -> Bool, typing values: [String: String], by key: FieldKey, emptying: Bool = false,
                         pressing: (HTMLPage.Node) -> Bool = { _ in false }, sourceLocation: SourceLocation = #_sourceLocation) throws -> HTMLPage {
        let forms = page.root.elements("form")
        // A button may stand outside the form it sends (`form="coin-form"`).
        let outside = page.root.elements("button").first { pressing($0) && $0["form"] != nil }
        guard let form = forms.first(where: matching) ?? forms.first(where: { $0["id"] != nil && $0["id"] == outside?["form"] }),
              let action = (form.elements("button").first(where: pressing) ?? outside)?["formaction"] ?? form["action"] else {
            Issue.record("no such form on \(url); the forms post to \(page.root.elements("form").compactMap { $0["action"] })", sourceLocation: sourceLocation)
            return page
        }
        var pairs: [(name: String, value: String)] = []
        for control in form.all where ["input", "select", "textarea"].contains(control.name) {
            guard let name = control["name"] else { continue }
            let emptied = emptying && control["type"] != "hidden" ? "" : nil
            let typed = values[key == .name ? name : control["type"] ?? control.name] ?? emptied
            switch (control.name, control["type"]) {
            case ("input", "checkbox"?), ("input", "radio"?):
                if let typed { if !typed.isEmpty, typed == (control["value"] ?? "on") || typed == "on" { pairs.append((name, control["value"] ?? "on")) } }
                else if control["checked"] != nil { pairs.append((name, control["value"] ?? "on")) }
            case ("select", _):
                let options = control.elements("option")
                pairs.append((name, typed ?? (options.first { $0["selected"] != nil } ?? options.first)?["value"] ?? ""))
            case ("textarea", _):
                pairs.append((name, typed ?? control.raw))
            default:
                pairs.append((name, typed ?? control["value"] ?? ""))
            }
        }
        let body = pairs.map { "\(URLEncoding.encode($0.name))=\(URLEncoding.encode($0.value))" }.joined(separator: "&")
        return try post(action, body: body, sourceLocation: sourceLocation)
    }

    /// Posts a form body to `action` as the current page would, following the 303.
    @discardableResult
    package mutating func post(_ action: String, _ values: [String: String], headers: [(String, String)] = [], sourceLocation: SourceLocation = #_sourceLocation) throws -> HTMLPage {
        let body = values.sorted { $0.key < $1.key }.map { "\(URLEncoding.encode($0.key))=\(URLEncoding.encode($0.value))" }.joined(separator: "&")
        return try post(action, body: body, headers: headers, sourceLocation: sourceLocation)
    }

    /// Posts an encoded form `body` to `action` as the current page would, following the 303.
    @discardableResult
    package mutating func post(_ action: String, body: String, headers: [(String, String)] = [], sourceLocation: SourceLocation = #_sourceLocation) throws -> HTMLPage {
        let response = try request("POST", action, referer: url, body: body, extra: headers)
        guard response.status == 303 else {
            last = response
            page = HTMLPage(response.body)
            return page
        }
        return try follow(response, from: action, sourceLocation: sourceLocation)
    }

    /// The multipart boundary its file uploads use.
    package static let boundary = "----LiveBrowserBoundary7MA4YWxkTrZu0gW"

    /// A `multipart/form-data` body of `parts` as a browser writes it: a file with its name and
    /// a content type, a field with neither.
    package static func multipart(_ parts: [(name: String, filename: String?, value: String)]) -> String {
        var body = ""
        for part in parts {
            body += "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(part.name)\""
            if let filename = part.filename {
                body += "; filename=\"\(filename)\"\r\nContent-Type: \(filename.hasSuffix(".json") ? "application/json" : "application/octet-stream")"
            }
            body += "\r\n\r\n\(part.value)\r\n"
        }
        return body + "--\(boundary)--\r\n"
    }

    /// The value of the hidden field `name` of the current page's first form.
    package func hidden(_ name: String) -> String {
        page.root.elements("input").first { $0["name"] == name }?["value"] ?? ""
    }

    private mutating func follow(_ first: Response, from target: String, sourceLocation: SourceLocation) throws -> HTMLPage {
        var response = first
        var location = target
        var hops = 0
        while [301, 302, 303].contains(response.status), let next = response.header("Location") {
            hops += 1
            guard hops < 6 else {
                Issue.record("redirect loop at \(next)", sourceLocation: sourceLocation)
                break
            }
            response = try request("GET", next, referer: history.last)
            location = next
        }
        last = response
        history.append(location)
        page = HTMLPage(response.body)
        if response.header("Content-Type")?.hasPrefix("text/html") == true {
            for problem in page.problems {
                Issue.record("\(location): \(problem)", sourceLocation: sourceLocation)
            }
        }
        return page
    }

    /// One request on its own connection, with the cookie jar, read to the end.
    package mutating func request(_ method: String, _ target: String, referer: String?, body: String = "", extra: [(String, String)] = []) throws -> Response {
        try request(method, target, referer: referer, bytes: Array(body.utf8), extra: extra)
    }

    /// A request with a body of bytes (a file that is not text).
    package mutating func request(_ method: String, _ target: String, referer: String?, bytes body: [UInt8], extra: [(String, String)] = []) throws -> Response {
        let port = self.port ?? app!.port
        let authority = host ?? "127.0.0.1:\(port)"
        var head = "\(method) \(target) HTTP/1.1\r\nHost: \(authority)\r\nConnection: close\r\n"
        if !cookies.isEmpty { head += "Cookie: " + cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; ") + "\r\n" }
        if let referer { head += "Referer: http://\(authority)\(referer)\r\n" }
        if method == "POST" {
            if !extra.contains(where: { $0.0 == "Origin" }) { head += "Origin: http://\(authority)\r\n" }
            if !extra.contains(where: { $0.0 == "Content-Type" }) { head += "Content-Type: application/x-www-form-urlencoded\r\n" }
            head += "Content-Length: \(body.count)\r\n"
        }
        for (name, value) in extra { head += "\(name): \(value)\r\n" }
        let response = try Self.exchange(Array((head + "\r\n").utf8) + body, port: port, from: source)
        for (name, value) in response.headers where name.lowercased() == "set-cookie" {
            let pair = value.split(separator: ";")[0].split(separator: "=", maxSplits: 1).map(String.init)
            if value.contains("Max-Age=0") { cookies[pair[0]] = nil } else { cookies[pair[0]] = pair.count > 1 ? pair[1] : "" }
        }
        return response
    }

    /// The bytes of a same-origin form post to `path` on 127.0.0.1:`port`, for a test that
    /// sends it again and again, from several threads.
    package static func post(_ path: String, body: String, cookie: String, port: Int) -> [UInt8] {
        Array(("POST \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\nOrigin: http://127.0.0.1:\(port)\r\n"
            + "Cookie: \(cookie)\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body).utf8)
    }

    /// Sends `bytes` to the server on `port` (from `source`) and reads the whole answer.
    package static func exchange(_ bytes: [UInt8], port: Int, from source: String? = nil) throws -> Response {
        guard let fd = connectToLoopback(port: port, from: source) else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .ECONNREFUSED) }
        defer { close(fd) }
        var limit = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { throw POSIXError(.EPIPE) }
            offset += sent
        }
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            received.append(contentsOf: chunk[..<count])
        }
        let text = String(decoding: received, as: UTF8.self)
        guard let split = text.range(of: "\r\n\r\n") else { throw POSIXError(.EBADMSG) }
        var lines = text[..<split.lowerBound].components(separatedBy: "\r\n")
        let status = Int(lines.removeFirst().split(separator: " ")[1]) ?? 0
        let headers = lines.map { line -> (String, String) in
            let parts = line.split(separator: ":", maxSplits: 1)
            return (String(parts[0]), parts.count > 1 ? String(parts[1].drop { $0 == " " }) : "")
        }
        return Response(status: status, headers: headers, body: String(text[split.upperBound...]))
    }
}
