import HTTPServer
import Synchronization

/// Runs `body` against a real server on 127.0.0.1 and a port the system picks, then shuts it down.
func withLiveServer(
    _ configure: (inout ServerConfiguration) -> Void = { _ in },
    router: Router = echoRouter(),
    _ body: (HTTPServer, Int) throws -> Void
) throws {
    var configuration = ServerConfiguration()
    configuration.port = 0
    configuration.accessLog = nil
    configuration.log = { _ in }
    configure(&configuration)
    let server = try HTTPServer(configuration: configuration, router: router)
    let port = try server.start()
    defer { server.shutdown() }
    try body(server, port)
}

/// `/echo` answers with the request's body, `/slow` after 300 ms (a handler that blocks), `/hello` with a greeting.
func echoRouter() -> Router {
    var router = Router()
    router.get("/hello") { request in .text("hello \(request.path)") }
    router.post("/echo") { request in HTTPResponse(.ok, contentType: "application/octet-stream", body: request.body) }
    router.on(.put, "/echo") { request in HTTPResponse(.ok, contentType: "application/octet-stream", body: request.body) }
    router.get("/slow", mayBlock: true) { _ in
        usleepMilliseconds(300)
        return .text("slow")
    }
    return router
}

func usleepMilliseconds(_ milliseconds: Int) {
    var request = timespec(tv_sec: milliseconds / 1000, tv_nsec: (milliseconds % 1000) * 1_000_000)
    var remaining = timespec()
    while nanosleep(&request, &remaining) != 0 { request = remaining }
}

#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
