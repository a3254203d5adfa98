import FlowDefinition
import FlowPagesTestSupport
@testable import FlowWorkshop
import Foundation
import HTTPServer
import Navigation
import Testing

/// The audit workspace's inventory (issue 36), over real HTTP for every shipped app: what it
/// counts agrees with `app.xml`, and "Open this state" puts the session into each state it lists.
@Suite struct AuditInventoryLiveTests {
    /// "Screens (4)" → 4, by the heading's kind.
    static func counts(_ page: HTMLPage) -> [String: Int] {
        Dictionary(uniqueKeysWithValues: page.root.elements("h2").compactMap { heading -> (String, Int)? in
            guard let id = heading["id"], id.hasPrefix("audit-"),
                  let open = heading.content.lastIndex(of: "("), let number = Int(heading.content[open...].dropFirst().dropLast()) else { return nil }
            return (String(id.dropFirst("audit-".count)), number)
        })
    }

    static func definition(_ id: String, in live: LiveApp) throws -> AppDefinition {
        try AppFolderLoader.load(folder: (live.views as NSString).appendingPathComponent(id), vocabulary: .served(with: .prototype)).get()
    }

    @Test(arguments: Fixtures.apps) func theInventoryCountsWhatAppXMLDeclares(app id: String) throws {
        try Self.checkCounts(of: id, in: LiveApp())
    }

    @Test(arguments: Fixtures.apps) func everyStateOpensAndTheSessionShowsIt(app id: String) throws {
        try Self.checkEveryState(of: id, in: LiveApp())
    }

    /// Graphs imported from Android, which no one wrote an app folder for by hand.
    @Test func anImportedGraphsStatesAreCountedAndOpen() throws {
        for (live, id) in [(try NavGraphWalkTests.newsroom(), "newsroom"), (try NavGraphWalkTests.garden(), "garden")] {
            try Self.checkCounts(of: id, in: live)
            try Self.checkEveryState(of: id, in: live)
        }
    }

    @Test func anAppWrittenFromTheDocsAloneIsCountedAndOpens() throws {
        let live = try Fixtures.pantry()
        try Self.checkCounts(of: "pantry", in: live)
        try Self.checkEveryState(of: "pantry", in: live)
        var browser = LiveBrowser(live)
        let counts = Self.counts(try browser.open("/pantry/_audit"))
        #expect(counts == ["screen": 4, "modal": 2, "form-errors": 3, "alert": 1, "confirmation": 1, "toast": 3,
                           "signed-out": 1, "invalid-link": 1, "not-found": 1],
                "the toast of the confirmation's Delete is listed with the alert's own action's")
    }

    static func checkCounts(of id: String, in live: LiveApp) throws {
        var browser = LiveBrowser(live)
        let counts = Self.counts(try browser.open("/\(id)/_audit"))
        let xml = try String(contentsOfFile: (live.views as NSString).appendingPathComponent("\(id)/app.xml"), encoding: .utf8)
        let definition = try Self.definition(id, in: live)
        let routes = xml.components(separatedBy: "<route ").count - 1
        #expect((counts["screen"] ?? 0) + (counts["modal"] ?? 0) == routes, "each <route> once, as a screen or a modal")
        let modals = definition.navigation.routes.filter { definition.navigation.isShownInModal($0.name) }.count
        #expect(counts["modal"] ?? 0 == modals)
        let guarded = definition.navigation.routes.filter { definition.navigation.requiresSignIn($0.name) }.count
        #expect(counts["signed-out"] ?? 0 == guarded, "each guarded route, as a visitor meets it")
        #expect(counts["invalid-link"] ?? 0 == (xml.contains("<alert id=\"invalid-link\"") ? 1 : 0))
        #expect(counts["not-found"] == 1)
        #expect(AuditInventoryPage.listed(try browser.open("/\(id)/_audit")).count == counts.values.reduce(0, +), "every state listed is counted")
    }

    static func checkEveryState(of id: String, in live: LiveApp) throws {
        var browser = LiveBrowser(live)
        let definition = try Self.definition(id, in: live)
        let navigation = definition.navigation
        let states = AuditInventoryPage.listed(try browser.open("/\(id)/_audit"))
        #expect(!states.isEmpty)
        // Where each state's screen is: a toast's, where its action lands.
        let routes = Dictionary(uniqueKeysWithValues: try AuditWalkLiveTests.states(of: id, in: live).compactMap { state in
            (state["id"] as? String).map { ($0, state["route"] as? String) }
        })
        for listed in states {
            // Each state opened in a session of its own: what one replay wrote (an item deleted) is not the next one's.
            browser = LiveBrowser(live)
            let state = AuditInventoryPage.listed(try browser.open("/\(id)/_audit")).first { $0.id == listed.id } ?? listed
            guard let csrf = state.csrf else {
                // Only a state whose sample the app's data cannot give is listed without a way in.
                Issue.record("\(id): '\(state.id)' cannot be opened")
                continue
            }
            let body = "csrf=\(URLEncoding.encode(csrf))&state=\(URLEncoding.encode(state.id))"
            let response = try browser.request("POST", "/\(id)/_audit/open", referer: "http://127.0.0.1/\(id)/_audit", body: body)
            #expect(response.status == 303, "\(id) \(state.id): \(response.status)")
            let page = try browser.open(response.header("Location") ?? "")
            let parts = state.id.split(separator: ":", maxSplits: 2).map(String.init)
            let shown = navigation.routeInstance(path: Substring(browser.url.dropFirst(id.count + 1)).split(separator: "?").first ?? "")?.name.rawValue
            switch parts[0] {
            case "screen", "modal", "signed-in":
                // A screen whose template fails (the demo has one on purpose) shows the app's error view.
                let drawn = browser.last.status == 200 || (browser.last.status == 500 && page.root.all.contains { $0.hasClass("error-view") })
                #expect(drawn && shown == parts[1], "\(id) \(state.id): shows \(shown ?? browser.url), \(browser.last.status)")
            case "signed-out":
                #expect(shown == navigation.signIn?.route.rawValue, "\(id) \(state.id): the sign-in first, shows \(shown ?? browser.url)")
            case "form-errors":
                #expect(shown == parts[1] && !page.errors.isEmpty, "\(id) \(state.id): its errors showing")
            case "alert", "confirmation":
                #expect(shown == parts[1] && page.alert?.title == definition.alerts[parts[2]]?.title, "\(id) \(state.id): \(page.alert?.title ?? "no alert")")
            case "toast":
                #expect(shown == routes[state.id] ?? nil && !page.toasts.isEmpty, "\(id) \(state.id): a toast showing, on \(shown ?? browser.url)")
            case "invalid-link":
                #expect(page.alert?.title == definition.alerts["invalid-link"]?.title)
            case "not-found":
                #expect(browser.last.status == 404, "\(id): \(browser.last.status)")
            default:
                Issue.record("\(id): a state of an unknown kind, '\(state.id)'")
            }
            // Back to the inventory for the next: each state is opened from the start.
            try browser.open("/\(id)/_audit")
        }
    }
}
