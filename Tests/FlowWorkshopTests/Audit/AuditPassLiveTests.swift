@testable import FlowPages
import FlowPagesTestSupport
@testable import FlowWorkshop
import Foundation
import Testing

/// The audit pass's way into the pages as shipped (issue 48, `--prototype audit`): the inventory
/// and one-time addresses for the pass's key alone, each address opening its state once in a
/// session of its own, and pages without the prototype's toolbar.
@Suite struct AuditPassLiveTests {
    static let key = "pass-key-0123456789abcdefghij"
    static let bearer = [("Authorization", "Bearer \(key)")]

    /// A new one-time address of `state`, as the pass asks for it.
    static func address(of state: String, app: String = "pantry", in live: LiveApp) throws -> String {
        var pass = LiveBrowser(live)
        let response = try pass.request("POST", "/\(app)/_audit/pass", referer: nil, body: "state=\(state)", extra: bearer)
        #expect(response.status == 200, "\(response.body)")
        let object = try JSONSerialization.jsonObject(with: Data(response.body.utf8)) as? [String: String]
        return try #require(object?["url"])
    }

    static func pantry() throws -> LiveApp {
        let live = try Fixtures.pantry()
        return try LiveApp(views: live.views, prototype: false, auditKey: key)
    }

    @Test func theInventoryAndAddressesAreThePassesAlone() throws {
        let live = try Self.pantry()
        var stranger = LiveBrowser(live)
        #expect(try stranger.request("GET", "/pantry/_audit/states.json", referer: nil).status == 404)
        #expect(try stranger.request("GET", "/pantry/_audit/states.json", referer: nil, extra: [("Authorization", "Bearer wrong-key-0123456789abcdefg")]).status == 404)
        #expect(try stranger.request("POST", "/pantry/_audit/pass", referer: nil, body: "state=screen:items").status == 404)
        // The prototype's own pages are not served: the pages are as shipped.
        #expect(try stranger.request("GET", "/pantry/_audit", referer: nil).status == 404)
        #expect(try stranger.request("GET", "/pantry/_mailbox", referer: nil).status == 404)
        let listed = try stranger.request("GET", "/pantry/_audit/states.json", referer: nil, extra: Self.bearer)
        #expect(listed.status == 200 && listed.body.contains("\"form-errors:add-item:item\""))
        var pass = LiveBrowser(live)
        #expect(try pass.request("POST", "/pantry/_audit/pass", referer: nil, body: "state=no-such-state", extra: Self.bearer).status == 404)
    }

    @Test func anAddressOpensItsStateOnceInASessionOfItsOwn() throws {
        let live = try Self.pantry()
        let url = try Self.address(of: "form-errors:add-item:item", in: live)
        var person = LiveBrowser(live)
        try person.open("/pantry/items")
        let before = person.cookies
        let page = try person.get(url)
        #expect(person.url == "/pantry/add")
        #expect(!page.errors.isEmpty, "the form's errors, as sending it empty gives them")
        #expect(person.cookies["fp_pantry"] != nil && person.cookies["fp_pantry"] != before["fp_pantry"], "a fresh session, not the one the browser had")
        #expect(!page.root.content.contains("Prototype tools"), "the pages as shipped: no toolbar")
        var again = LiveBrowser(live)
        #expect(try again.request("GET", url, referer: nil).status == 404, "an address opens once")
    }

    @Test func aSignedInStateIsReachedOverTheFixtures() throws {
        let live = try Self.pantry()
        var person = LiveBrowser(live)
        let page = try person.get(try Self.address(of: "screen:shopping", in: live))
        #expect(page.heading == "Shopping")
        #expect(page.root.content.contains("Signed in as"))
    }

    @Test func theAuditModeServesOnlyOnThisMachineWithAKey() {
        #expect(ServeOptions(prototype: .audit, auditKey: Self.key).prototypeProblem == nil)
        #expect(ServeOptions(host: "0.0.0.0", prototype: .audit, auditKey: Self.key).prototypeProblem?.contains("loopback") == true)
        #expect(ServeOptions(prototype: .audit).prototypeProblem?.contains("FLOWPAGES_AUDIT_KEY") == true)
        #expect(ServeOptions(prototype: .audit, auditKey: "short").prototypeProblem?.contains("at least") == true)
    }
}
