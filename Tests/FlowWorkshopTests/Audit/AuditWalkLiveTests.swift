import FlowPagesTestSupport
@testable import FlowWorkshop
import Foundation
import HTTPServer
import Testing

/// Every state the audit's inventory lists, walked to over HTTP as a person gets there — signing
/// in on the app's sign-in screen, going to an address, sending the forms the page shows with
/// what a person types — and compared with the page "Open this state" gives (issue 47): the same
/// screen, title, content and message. What the inventory shows by itself (an alert put over its
/// screen) is not walked.
@Suite struct AuditWalkLiveTests {
    @Test(arguments: Fixtures.apps) func everyStateIsWhereAPersonGetsTo(app id: String) throws {
        try Self.walkEveryState(of: id, views: nil)
    }

    @Test func thePantryAppsStatesAreWhereAPersonGetsTo() throws {
        try Self.walkEveryState(of: "pantry", views: Fixtures.pantry().views)
    }

    /// The inventory's states, as its JSON lists them.
    static func states(of id: String, in live: LiveApp) throws -> [[String: Any]] {
        var browser = LiveBrowser(live)
        let response = try browser.request("GET", "/\(id)/_audit/states.json", referer: nil)
        let object = try JSONSerialization.jsonObject(with: Data(response.body.utf8)) as? [String: Any]
        return object?["states"] as? [[String: Any]] ?? []
    }

    /// Each state walked on a server of its own, as a person new to it: what one walk sends (a
    /// mailed code) counts nothing against the next.
    static func walkEveryState(of id: String, views: String?) throws {
        let states = try Self.states(of: id, in: LiveApp(views: views))
        #expect(!states.isEmpty)
        var walked = 0
        var untyped: [String] = []
        var byEngine: [String] = []
        for state in states where state["openable"] as? Bool == true {
            let name = state["id"] as? String ?? ""
            let steps = state["steps"] as? [[String: Any]] ?? []
            guard !steps.contains(where: { $0["alert"] != nil }) else { continue }
            if steps.contains(where: { $0["engine"] != nil }) {
                byEngine.append(name)
                continue
            }
            let live = try LiveApp(views: views)
            var person = LiveBrowser(live)
            var opened = false
            let skipped = untyped.count
            walk: for step in steps {
                if let email = step["signIn"] as? String, let url = step["at"] as? String {
                    try person.open(url)
                    try person.submit(formWith: { $0.all.contains { $0["type"] == "password" } },
                                    typing: ["email": email, "password": Self.password(of: email, in: live, app: id)], by: .type)
                    opened = true
                } else if let url = step["open"] as? String {
                    // Typed, the first; a link of the page, the next (a modal's later step).
                    if opened { try person.get(url) } else { try person.open(url) }
                    opened = true
                    // A screen only the app's flow leads to (registration's later steps, behind a
                    // mailed code) is not shown to an address typed: not walked, but counted.
                    if Self.masked(person.url) != Self.masked(url), !person.page.toasts.contains(where: { $0.hasPrefix("Sign in to see") }) {
                        untyped.append(name)
                        break walk
                    }
                } else if let tab = step["tab"] as? String {
                    guard person.page.hasTab(tab) else {
                        Issue.record("\(id) \(name): \(person.url) shows no tab “\(tab)”")
                        break walk
                    }
                    try person.selectTab(tab)
                } else if let action = step["post"] as? String {
                    let sends = { (node: HTMLPage.Node) in (node["formaction"] ?? node["action"])?.hasSuffix("/_action/" + action) == true }
                    let form = { (form: HTMLPage.Node) in sends(form) || form.elements("button").contains(where: sends) }
                    let outside = person.page.root.elements("button").contains { sends($0) && $0["form"] != nil }
                    guard outside || person.page.root.elements("form").contains(where: form) else {
                        Issue.record("\(id) \(name): \(person.url) shows no form that sends “\(action)”")
                        break walk
                    }
                    if step["emptied"] as? Bool == true {
                        try person.submit(formWith: form, typing: [:], by: .name, emptying: true, pressing: sends)
                    } else {
                        try person.submit(formWith: form, typing: step["fields"] as? [String: String] ?? [:], by: .name, pressing: sends)
                    }
                }
            }
            guard untyped.count == skipped else { continue }
            var auditor = LiveBrowser(live)
            let inventory = try auditor.open("/\(id)/_audit")
            let csrf = inventory.root.elements("input").first { $0["name"] == "csrf" }?["value"] ?? ""
            let shown = try auditor.post("/\(id)/_audit/open", ["csrf": csrf, "state": name])
            // A visitor who has not posted is shown the sign-in at the address asked for, with a
            // line saying why; a session that is stored, at the sign-in's own address.
            let isVisitorsSignIn = name.hasPrefix("signed-out:") || steps.first?["open"] != nil && auditor.url != person.url && person.page.toasts.first?.hasPrefix("Sign in to see") == true
            if isVisitorsSignIn {
                #expect(person.page.title == shown.title && Self.masked(Self.main(person.page)) == Self.masked(Self.main(shown)), "\(id) \(name)")
                walked += 1
                continue
            }
            #expect(Self.masked(person.url) == Self.masked(auditor.url), "\(id) \(name): a person is at \(person.url), the opened state at \(auditor.url)")
            #expect(person.last.status == auditor.last.status, "\(id) \(name)")
            #expect(person.page.title == shown.title, "\(id) \(name)")
            #expect(person.page.toasts == shown.toasts, "\(id) \(name)")
            #expect(Self.masked(Self.main(person.page)) == Self.masked(Self.main(shown)), "\(id) \(name): what the screen shows differs")
            walked += 1
        }
        #expect(untyped.isEmpty, "\(id): \(walked) of \(states.count) states walked; reached by no typed address: \(untyped)")
        // Opened by the engine alone, as the inventory says: SUMA's success screen, behind the
        // mailed code of a registration the replay does not make; its biometric prompt signed
        // out, which only signing in presents; and the demo's Purple 3, past its tab's depth limit.
        #expect(byEngine == (Self.byEngine[id] ?? []), "\(id): \(byEngine)")
    }

    static let byEngine = [
        "suma-finance": ["signed-out:biometric-enrollment", "modal:registration-success", "signed-out:registration-success"],
        "swiftuiflow-demo": ["screen:purple-3"],
    ]

    /// The text of the page's main content.
    static func main(_ page: HTMLPage) -> String {
        page.root.elements("main").first?.content ?? ""
    }

    /// `text` with every run of digits one `#`: records a person creates get ids of their own.
    static func masked(_ text: String) -> String {
        text.replacingOccurrences(of: "[0-9]+", with: "#", options: .regularExpression)
    }

    /// The documented password of the fixture account `email` (README of the app's folder says
    /// it; `app.xml` declares it).
    static func password(of email: String, in live: LiveApp, app id: String) throws -> String {
        let definition = try AuditInventoryLiveTests.definition(id, in: live)
        return definition.fixtures.accounts.first { $0.email == email }?.password ?? ""
    }
}
