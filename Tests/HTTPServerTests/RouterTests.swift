import HTTPServer
import Synchronization
import Testing

@Suite struct RouterTests {
    struct Failure: Error {}

    /// Collects log lines; the mutex is what lets handlers on any thread append.
    final class Lines: Sendable {
        let lines = Mutex<[String]>([])
    }

    static func router(logged: Lines? = nil) -> Router {
        var router = Router()
        router.get("/a") { _ in .text("a") }
        router.post("/a") { _ in .text("posted") }
        router.get("/teapot") { _ in throw HTTPError(HTTPStatus(418, "I'm a teapot"), "Short and stout.") }
        router.get("/broken") { _ in throw Failure() }
        router.mount("/files/", methods: [.get]) { request in .text("file \(request.path)") }
        router.mount("/api/") { request in .text("api \(request.method)") }
        router.get("/a/{id}", echo("a"))
        router.on(.delete, "/a/{key}", echo("deleted"))
        router.get("/a/new", echo("new"))
        router.get("/b/{x}/c", echo("b x c"))
        router.get("/b/{x}/{y}", echo("b x y"))
        router.get("/b/lit/{y}", echo("b lit y"))
        router.get("/files/{name}/meta", echo("meta"))
        if let logged {
            router.errorLog = { line in logged.lines.withLock { $0.append(line) } }
        }
        return router
    }

    /// Answers with `label` and the request's path parameters, in name order.
    static func echo(_ label: String) -> Handler {
        { request in .text(([label] + request.parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }).joined(separator: " ")) }
    }

    @Test(arguments: [
        (HTTPMethod.get, "/a", 200, "a"),
        (.post, "/a", 200, "posted"),
        (.head, "/a", 200, "a"),
        (.get, "/files/x/y.css", 200, "file /files/x/y.css"),
        (.head, "/files/x", 200, "file /files/x"),
        // A mount's prefix without its slash is the mount; a longer name beside it is not.
        (.get, "/files", 200, "file /files"),
        (.get, "/filesx", 404, "Nothing is at /filesx.\n"),
        // A path as long as no pattern is not split, and still finds its mount.
        (.get, "/files/a/b/c/d/e", 200, "file /files/a/b/c/d/e"),
        (.delete, "/api/things/1", 200, "api DELETE"),
        (.get, "/nowhere", 404, "Nothing is at /nowhere.\n"),
        (.get, "/teapot", 418, "Short and stout.\n"),
        (HTTPMethod("BREW"), "/a", 501, "The method BREW is not supported.\n"),
        // Path parameters: each decoded from its own raw segment, never empty.
        (.get, "/a/x%20y", 200, "a id=x y"),
        (.get, "/a/x%2Fy", 200, "a id=x/y"),
        (.get, "/b/x%2Fy/c", 200, "b x c x=x/y"),
        (.head, "/a/x", 200, "a id=x"),
        (.delete, "/a/x", 200, "deleted key=x"),
        (.get, "/a/", 404, "Nothing is at /a/.\n"),
        (.get, "/a/x/", 404, "Nothing is at /a/x/.\n"),
        (.get, "/b//c", 404, "Nothing is at /b//c.\n"),
        // Exact before pattern before mount; of patterns, the first literal segment wins.
        (.get, "/a/new", 200, "new"),
        (.get, "/files/x/meta", 200, "meta name=x"),
        (.get, "/files/x/meta/more", 200, "file /files/x/meta/more"),
        (.get, "/b/lit/c", 200, "b lit y y=c"),
        (.get, "/b/z/c", 200, "b x c x=z"),
        (.get, "/b/z/w", 200, "b x y x=z y=w"),
    ])
    func routes(method: HTTPMethod, target: String, status: Int, body: String) throws {
        let response = Self.router().respond(to: try makeRequest(method, target))
        #expect(response.status.code == status)
        #expect(response.text == body)
    }

    @Test func aWrongMethodIs405WithAllow() throws {
        let exact = Self.router().respond(to: try makeRequest(.delete, "/a"))
        #expect(exact.status == .methodNotAllowed)
        #expect(exact.headers["Allow"] == "GET, HEAD, POST")
        let mounted = Self.router().respond(to: try makeRequest(.post, "/files/x"))
        #expect(mounted.headers["Allow"] == "GET, HEAD")
        let pattern = Self.router().respond(to: try makeRequest(.post, "/a/x"))
        #expect(pattern.status == .methodNotAllowed)
        #expect(pattern.headers["Allow"] == "DELETE, GET, HEAD")
        // The most specific routes alone decide: `/a/{key}` takes DELETE, `/a/new` does not.
        let shadowed = Self.router().respond(to: try makeRequest(.delete, "/a/new"))
        #expect(shadowed.headers["Allow"] == "GET, HEAD")
    }

    @Test func onlyPatternRoutesHaveParameters() throws {
        var router = Router()
        router.get("/exact", Self.echo("exact"))
        router.mount("/mounted/", Self.echo("mounted"))
        #expect(router.respond(to: try makeRequest(.get, "/exact")).text == "exact")
        #expect(router.respond(to: try makeRequest(.get, "/mounted/x")).text == "mounted")
    }

    /// `HTTPRequest` refuses such a path; a request built otherwise still never matches.
    @Test func aSegmentThatDoesNotDecodeMatchesNoPattern() throws {
        var request = try makeRequest(.get, "/a/x")
        request.rawPath = "/a/%zz"
        #expect(Self.router().respond(to: request).status == .notFound)
    }

    @Test(arguments: [
        ("/a/{}", "\"{}\" must be a whole segment {name}, with a non-empty name"),
        ("/a/{b", "\"{b\" must be a whole segment"),
        ("/a/b}", "\"b}\" must be a whole segment"),
        ("/a/x{b}", "\"x{b}\" must be a whole segment"),
        ("/{a}/{a}", "uses the placeholder {a} twice"),
        ("a/{b}", "must start with /"),
    ])
    func malformedPatternsStopTheProgram(path: String, message: String) async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [path] in
            var router = Router()
            router.get(path) { _ in .text("") }
        }
        let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(standardError.contains("Route pattern \"\(path)\""), "\(standardError)")
        #expect(standardError.contains(message), "\(standardError)")
    }

    @Test func aMountPrefixWithAPlaceholderStopsTheProgram() async {
        await #expect(processExitsWith: .failure) {
            var router = Router()
            router.group("/suma/{app}") { app in app.mount("/files/") { _ in .text("") } }
        }
    }

    static func grouped() -> Router {
        var router = Router()
        router.group("/suma", mayBlock: true) { app in
            app.get("/", echo("suma"))
            app.post("/_tab/{id}", echo("tab"))
            app.group("/_tools") { tools in
                tools.post("/{name}", echo("tool"))
                tools.mount("/files/", methods: [.get], echo("tool files"))
            }
        }
        router.group("/") { root in
            root.get("/", echo("root"))
            root.get("/fast", echo("fast"))
            root.group("/x/") { x in
                x.get("/{id}", mayBlock: true, echo("x"))
                x.get("/quick", echo("quick"))
            }
        }
        return router
    }

    @Test(arguments: [
        (HTTPMethod.get, "/suma/", 200, "suma", true),
        (.get, "/suma", 404, "Nothing is at /suma.\n", false),
        (.post, "/suma/_tab/7", 200, "tab id=7", true),
        (.post, "/suma/_tools/grep", 200, "tool name=grep", true),
        (.get, "/suma/_tools/files/a.txt", 200, "tool files", true),
        (.get, "/", 200, "root", false),
        (.get, "/fast", 200, "fast", false),
        (.head, "/x/1", 200, "x id=1", true),
        (.get, "/x/quick", 200, "quick", false),
    ])
    func groupsPrefixTheirRoutesAndMayBlock(method: HTTPMethod, target: String, status: Int, body: String, mayBlock: Bool) throws {
        let responder = Self.grouped().responder(for: try makeRequest(method, target))
        let response = responder.respond()
        #expect(response.status.code == status)
        #expect(response.text == body)
        #expect(responder.mayBlock == mayBlock)
    }

    /// An error that knows its response, as a sign-in redirect does.
    struct SignInFirst: HTTPResponseError {
        func response(for request: HTTPRequest) -> HTTPResponse {
            .redirect(to: "/sign-in?next=" + URLEncoding.encode(request.path))
        }
    }

    @Test func anHTTPResponseErrorIsItsOwnResponseAndIsFinished() throws {
        let logged = Lines()
        var router = Self.router(logged: logged)
        router.get("/private/{id}") { _ in throw SignInFirst() }
        router.errorPage = { error, _ in
            Issue.record("the error page was asked for \(error)")
            return .text("")
        }
        router.finish = { response, request in
            var response = response
            response.headers.add("X-Finished", request.parameters["id"] ?? "-")
            return response
        }
        let response = router.respond(to: try makeRequest(.get, "/private/7"))
        #expect(response.status == .seeOther)
        #expect(response.headers["Location"] == "/sign-in?next=%2Fprivate%2F7")
        #expect(response.headers["X-Finished"] == "7")
        #expect(logged.lines.withLock { $0 }.isEmpty)
    }

    @Test func unexpectedErrorsAre500WithoutDetailsAndLogged() throws {
        let logged = Lines()
        let response = Self.router(logged: logged).respond(to: try makeRequest(.get, "/broken"))
        #expect(response.status == .internalServerError)
        #expect(String(decoding: response.body, as: UTF8.self) == "Internal Server Error\n")
        let lines = logged.lines.withLock { $0 }
        #expect(lines.count == 1)
        #expect(lines.first?.contains("request test-1: GET /broken failed: Failure") == true)
    }

    @Test func theErrorPageCanBeReplaced() throws {
        var router = Self.router()
        router.errorPage = { error, request in .text("<\(error.status.code) for \(request.path)>", status: error.status) }
        let response = router.respond(to: try makeRequest(.get, "/nowhere"))
        #expect(String(decoding: response.body, as: UTF8.self) == "<404 for /nowhere>")
    }
}

extension HTTPResponse {
    /// The body as UTF-8 text.
    var text: String { String(decoding: body, as: UTF8.self) }
}
