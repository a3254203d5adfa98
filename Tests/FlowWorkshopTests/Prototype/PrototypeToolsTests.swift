@testable import FlowPages
import FlowPagesTestSupport
@testable import FlowWorkshop
import HTTPServer
import Testing

/// The prototype toolbar's posts, without a socket: each goes through the post spine
/// (``PostSpine``), checked and committed as every post is.
@Suite struct PrototypeToolsTests {
    let posts: SpinePosts

    init() throws {
        posts = try SpinePosts(app: "reality-portal", store: "prototype-tools")
    }

    @Test func aToolPostGoesThroughTheSpine() throws {
        let tools = PrototypeTools(services: posts.services)
        // The prototype's Expire with nobody signed in: said on the page, the session stored.
        let response = try tools.post("expire", posts.post("/reality-portal/_tools/expire"))
        #expect(response.status == .seeOther)
        #expect(try posts.stores(response))
        #expect(throws: HTTPError.self) { try tools.post("expire", posts.post("/reality-portal/_tools/expire", csrf: "forged")) }
    }
}
