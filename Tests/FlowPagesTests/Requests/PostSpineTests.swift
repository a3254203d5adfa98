@testable import FlowPages
import FlowPagesTestSupport
import FlowStore
import Foundation
import HTTPServer
import Navigation
import Testing

/// The one way a post is answered (``PostSpine``), without a socket: a post that fails its checks
/// is refused before anything is decided or written; what is decided is committed once and
/// answered 303 with the session's cookie; a refusal writes nothing.
@Suite struct PostSpineTests {
    let posts: SpinePosts
    let spine: PostSpine

    init() throws {
        posts = try SpinePosts(app: "reality-portal", store: "post-spine")
        spine = PostSpine(services: posts.services)
    }

    /// A post to the prototype's Expire carrying the session's CSRF token unless given, with `headers`.
    func post(csrf: String? = nil, headers: [(String, String)] = [("Origin", "http://127.0.0.1")]) throws -> HTTPRequest {
        try posts.post("/reality-portal/_tools/expire", csrf: csrf, headers: headers)
    }

    @Test func aPostFailingItsChecksIsRefusedBeforeAnythingIsDecided() throws {
        for request in [try post(csrf: "not-this-sessions-token"), try post(headers: [("Origin", "https://elsewhere.example")]),
                        try post(headers: [("Sec-Fetch-Site", "cross-site")])] {
            var decided = false
            #expect(throws: HTTPError.self) {
                try spine.handle(request) { _ in
                    decided = true
                    return .outOfDate
                }
            }
            #expect(!decided, "nothing decided, so nothing written")
        }
    }

    @Test func whatIsDecidedIsCommittedOnceAndAnswered303WithTheCookie() throws {
        let response = try spine.handle(post()) { post in
            var state = post.unit.state
            state.addToast(Notice(ServerNotice.message, values: ["message": "Done."]))
            return .move(state)
        }
        #expect(response.status == .seeOther && response.headers["Location"] == "/reality-portal/")
        #expect(try posts.stores(response), "a visitor's first post stores a session under a new id")
    }

    @Test func aRefusalIsAnsweredAndWritesNothing() throws {
        let response = try spine.handle(post()) { _ in .respond(.text("No.\n", status: .tooManyRequests)) }
        #expect(response.status == .tooManyRequests && response.headers["Set-Cookie"] == nil, "no session stored")
    }
}
