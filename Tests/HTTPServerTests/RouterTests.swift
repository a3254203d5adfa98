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
        if let logged {
            router.errorLog = { line in logged.lines.withLock { $0.append(line) } }
        }
        return router
    }

    @Test(arguments: [
        (HTTPMethod.get, "/a", 200, "a"),
        (.post, "/a", 200, "posted"),
        (.head, "/a", 200, "a"),
        (.get, "/files/x/y.css", 200, "file /files/x/y.css"),
        (.head, "/files/x", 200, "file /files/x"),
        (.delete, "/api/things/1", 200, "api DELETE"),
        (.get, "/nowhere", 404, "Nothing is at /nowhere.\n"),
        (.get, "/teapot", 418, "Short and stout.\n"),
        (HTTPMethod("BREW"), "/a", 501, "The method BREW is not supported.\n"),
    ])
    func routes(method: HTTPMethod, target: String, status: Int, body: String) throws {
        let response = Self.router().respond(to: try makeRequest(method, target))
        #expect(response.status.code == status)
        #expect(String(decoding: response.body, as: UTF8.self) == body)
    }

    @Test func aWrongMethodIs405WithAllow() throws {
        let exact = Self.router().respond(to: try makeRequest(.delete, "/a"))
        #expect(exact.status == .methodNotAllowed)
        #expect(exact.headers["Allow"] == "GET, HEAD, POST")
        let mounted = Self.router().respond(to: try makeRequest(.post, "/files/x"))
        #expect(mounted.headers["Allow"] == "GET, HEAD")
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
