import FlowPagesTestSupport
import Foundation
import HTTPServer
import Testing

/// Every number a request carries is parsed with its bounds: a `flowpages serve` process is shown
/// every state of every shipped app's audit inventory and every prototype tool page (an audit's
/// review pages included), and each form's numeric-looking fields — hidden ones such as a
/// verdict's `seen-*` too — each numeric segment of an address and each numeric query value are
/// sent `Int64.max`, `Int64.min`, `-1`, `1e30` and 40 digits. The server answers every one without
/// an internal error, and is still up at the end.
@Suite struct HostileNumbersLiveTests {
    static let hostile = ["9223372036854775807", "-9223372036854775808", "-1", "1e30", String(repeating: "9", count: 40)]

    /// What was sent, and every answer that was an internal error or none at all.
    struct Tally {
        var sent = 0
        var failures: [String] = []
        /// Form and address shapes already tried: each is tried once per app.
        var tried: Set<String> = []
    }

    @Test func everyNumberAFormOrAnAddressCarriesIsAnsweredAndNothingCrashes() throws {
        let database = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString).sqlite").path
        let server = try ServeProcess(database: database)
        var tally = Tally()
        for app in Fixtures.apps {
            var browser = LiveBrowser(port: server.port)
            // Every state the inventory lists, opened, and its forms and links tried from it.
            for state in AuditInventoryPage.listed(try browser.open("/\(app)/_audit")) {
                guard let csrf = state.csrf else { continue }
                let body = "csrf=\(URLEncoding.encode(csrf))&state=\(URLEncoding.encode(state.id))"
                let opened = try browser.request("POST", "/\(app)/_audit/open", referer: "/\(app)/_audit", body: body)
                guard let location = opened.header("Location") else { continue }
                try Self.attack(try browser.open(location), from: location, app: app, browser: &browser, tally: &tally)
            }
            // The prototype's tools, and an audit's pages: its overview, a state's review (with
            // its `seen-*` versions) and its report.
            for tool in ["_mailbox", "_events", "_map", "_insights", "_audit"] {
                try Self.attack(try browser.open("/\(app)/\(tool)"), from: "/\(app)/\(tool)", app: app, browser: &browser, tally: &tally)
            }
            let inventory = try browser.open("/\(app)/_audit")
            let start = try #require(inventory.root.elements("form").first { $0["action"]?.hasSuffix("/_audit/reviews") == true })
            var fields = Self.fields(of: start)
            fields["name"] = "Numbers"
            fields["auditor"] = "Ada"
            let started = try browser.request("POST", "/\(app)/_audit/reviews", referer: "/\(app)/_audit", body: Self.encoded(fields))
            let overview = try #require(started.header("Location"), "\(app): an audit starts: \(started.status)")
            let page = try browser.open(overview)
            try Self.attack(page, from: overview, app: app, browser: &browser, tally: &tally)
            let reviews = page.root.elements("a").compactMap { $0["href"] }.filter { $0.contains("/state?") }.prefix(3)
            #expect(!reviews.isEmpty, "\(app): the overview links its states' reviews")
            for review in reviews {
                try Self.attack(try browser.open(review), from: review, app: app, browser: &browser, tally: &tally)
            }
        }
        #expect(tally.failures.isEmpty, "\(tally.failures.count) of \(tally.sent): \(tally.failures.prefix(20))")
        #expect(tally.sent > 500, "only \(tally.sent) hostile requests were made")
        var after = LiveBrowser(port: server.port)
        try after.open("/")
        #expect(after.last.status == 200, "the server is still up")
    }

    /// Sends each hostile number in place of each number `page`'s forms and links carry.
    static func attack(_ page: HTMLPage, from url: String, app: String, browser: inout LiveBrowser, tally: inout Tally) throws {
        for form in page.root.elements("form") where (form["method"] ?? "get").lowercased() == "post" {
            guard let action = form["action"] else { continue }
            let fields = fields(of: form)
            let numeric = fields.keys.filter { name in looksNumeric(fields[name] ?? "") || form.elements("input").contains { $0["name"] == name && $0["type"] == "number" } }
            let shape = "POST " + shapeOf(action) + " " + numeric.sorted().joined(separator: ",")
            guard !tally.tried.contains(shape) else { continue }
            tally.tried.insert(shape)
            for name in numeric {
                for value in hostile {
                    var sent = fields
                    sent[name] = value
                    try send(&browser, "POST", action, body: encoded(sent), from: url, tally: &tally)
                }
            }
            for target in hostileTargets(action) {
                try send(&browser, "POST", target, body: encoded(fields), from: url, tally: &tally)
            }
        }
        for link in page.root.elements("a").compactMap({ $0["href"] }) where link.hasPrefix("/\(app)/") {
            let shape = "GET " + shapeOf(link)
            guard !tally.tried.contains(shape) else { continue }
            tally.tried.insert(shape)
            for target in hostileTargets(link) {
                try send(&browser, "GET", target, body: "", from: url, tally: &tally)
            }
        }
    }

    /// One request; its answer must be one, and not an internal error.
    static func send(_ browser: inout LiveBrowser, _ method: String, _ target: String, body: String, from url: String, tally: inout Tally) throws {
        tally.sent += 1
        let response = try browser.request(method, target, referer: url, body: body)
        if response.status == 0 || response.status >= 500 { tally.failures.append("\(method) \(target) \(body.prefix(120)): \(response.status)") }
    }

    /// `target` with each numeric path segment, then each numeric query value, replaced by each hostile number.
    static func hostileTargets(_ target: String) -> [String] {
        let parts = target.split(separator: "?", maxSplits: 1).map(String.init)
        let segments = parts[0].split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let query = parts.count > 1 ? parts[1].split(separator: "&").map(String.init) : []
        var targets: [String] = []
        for (index, segment) in segments.enumerated() where looksNumeric(segment) {
            for value in hostile {
                var changed = segments
                changed[index] = value
                targets.append(changed.joined(separator: "/") + (parts.count > 1 ? "?" + parts[1] : ""))
            }
        }
        for (index, pair) in query.enumerated() {
            let halves = pair.split(separator: "=", maxSplits: 1).map(String.init)
            guard halves.count == 2, looksNumeric(halves[1]) else { continue }
            for value in hostile {
                var changed = query
                changed[index] = halves[0] + "=" + value
                targets.append(parts[0] + "?" + changed.joined(separator: "&"))
            }
        }
        return targets
    }

    /// A number as a form or an address would carry one: digits, perhaps signed.
    static func looksNumeric(_ text: String) -> Bool {
        let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        return !digits.isEmpty && digits.count <= 20 && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// The address with its numbers blanked, so forms and links alike on many pages are tried once.
    static func shapeOf(_ target: String) -> String {
        String(target.map { $0.isNumber ? "#" : $0 })
    }

    /// A form's fields as a person fills them in: inputs (checked boxes only; of radio buttons
    /// the checked one, else the first, as a person picks one), text areas, the first option of
    /// a select, and its first named button.
    static func fields(of form: HTMLPage.Node) -> [String: String] {
        var fields: [String: String] = [:]
        for input in form.elements("input") {
            guard let name = input["name"] else { continue }
            switch input["type"] ?? "" {
            case "checkbox":
                if input["checked"] != nil { fields[name] = input["value"] ?? "on" }
            case "radio":
                if fields[name] == nil || input["checked"] != nil { fields[name] = input["value"] ?? "on" }
            default:
                if fields[name] == nil { fields[name] = input["value"] ?? "" }
            }
        }
        for textarea in form.elements("textarea") { if let name = textarea["name"] { fields[name] = textarea.raw } }
        for select in form.elements("select") {
            if let name = select["name"] { fields[name] = select.elements("option").first?["value"] ?? "" }
        }
        if let button = form.elements("button").first(where: { $0["name"] != nil }), let name = button["name"] { fields[name] = button["value"] ?? "" }
        return fields
    }

    static func encoded(_ fields: [String: String]) -> String {
        fields.sorted { $0.key < $1.key }.map { "\(URLEncoding.encode($0.key))=\(URLEncoding.encode($0.value))" }.joined(separator: "&")
    }
}
