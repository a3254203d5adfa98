@testable import FlowPages
import FlowStore
import Foundation
import HTTPServer
import Navigation
import Testing

/// The one way a post is answered (``PostSpine``), without a socket: a post that fails its checks
/// is refused before anything is decided or written; what is decided is committed once and
/// answered 303 with the session's cookie; a refusal writes nothing.
@Suite struct PostSpineTests {
    let services: AppServices
    let spine: PostSpine
    /// The cookie a browser holds before its first post: an id no session is stored under yet.
    let cookie = "fp_reality-portal=visitor-id-0123456789abcdef"

    init() throws {
        services = try ScreenDeciderTests.realityPortal("post-spine")
        spine = PostSpine(services: services)
    }

    /// A post to `path` carrying `form` (the session's CSRF token unless given), with `headers`.
    func post(_ path: String = "/reality-portal/_tools/expire", form: [String: String] = [:], csrf: String? = nil,
              headers: [(String, String)] = [("Origin", "http://127.0.0.1")]) throws -> HTTPRequest {
        let opened = try HTTPRequest(method: .get, target: "/reality-portal/", headers: HTTPHeaders([("Host", "127.0.0.1"), ("Cookie", cookie)]))
        let token = try csrf ?? services.openSession(opened, now: services.clock.now()).csrfToken
        let body = (["csrf": token].merging(form) { $1 }).map { "\($0.key)=\(URLEncoding.encode($0.value))" }.joined(separator: "&")
        return try HTTPRequest(method: .post, target: path, headers: HTTPHeaders([("Host", "127.0.0.1"), ("Cookie", cookie),
                                                                                  ("Content-Type", "application/x-www-form-urlencoded")] + headers),
                               body: Array(body.utf8))
    }

    /// Whether the session `response` gives the browser is stored.
    func stores(_ response: HTTPResponse) throws -> Bool {
        guard let set = response.headers["Set-Cookie"], set.hasPrefix("fp_reality-portal="),
              let id = set.dropFirst("fp_reality-portal=".count).split(separator: ";").first else { return false }
        let now = services.clock.now()
        return try services.store.read { try $0.sessions.load(id: String(id), now: now) } != nil
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
        #expect(try stores(response), "a visitor's first post stores a session under a new id")
    }

    @Test func aRefusalIsAnsweredAndWritesNothing() throws {
        let response = try spine.handle(post()) { _ in .respond(.text("No.\n", status: .tooManyRequests)) }
        #expect(response.status == .tooManyRequests && response.headers["Set-Cookie"] == nil, "no session stored")
    }

    @Test func aToolPostGoesThroughTheSpine() throws {
        // The prototype's Expire with nobody signed in: said on the page, the session stored.
        let response = try PrototypeTools(services: services).post("expire", post())
        #expect(response.status == .seeOther)
        #expect(try stores(response))
        #expect(throws: HTTPError.self) { try PrototypeTools(services: services).post("expire", post(csrf: "forged")) }
    }
}
