import Foundation
import HTTPServer
import Testing

/// Which event loop a server runs on. `Tests/run.sh` runs this suite a second time with
/// `FLOWPAGES_EVENT_LOOP=dispatch`; the first test is what shows that run is not epoll again.
@Suite(.serialized) struct EventLoopBackendTests {
    @Test func aServerRunsOnTheBackendTheEnvironmentNames() throws {
        let named = ProcessInfo.processInfo.environment["FLOWPAGES_EVENT_LOOP"] ?? ""
        #if os(Linux)
        let expected: EventLoopBackend = named == "dispatch" ? .dispatch : .epoll
        #else
        let expected = EventLoopBackend.dispatch
        #endif
        try withLiveServer { server, port in
            #expect(server.eventLoopBackend == expected, "FLOWPAGES_EVENT_LOOP=\(named)")
            let client = try TestClient(port: port)
            client.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(client.readResponse()?.text == "hello /hello")
        }
    }

    @Test func namesAreReadAndAnythingElseIsRefusedNamingTheAllowedValues() throws {
        #expect(try EventLoopBackend.named(nil) == .platformDefault)
        #expect(try EventLoopBackend.named("") == .platformDefault)
        #expect(try EventLoopBackend.named("dispatch") == .dispatch)
        #if os(Linux)
        #expect(EventLoopBackend.platformDefault == .epoll)
        #expect(try EventLoopBackend.named("epoll") == .epoll)
        #else
        #expect(throws: EventLoopBackend.Unavailable.self) { try EventLoopBackend.named("epoll") }
        #endif
        for name in ["kqueue", "Dispatch", " epoll"] {
            let error = try #require(throws: EventLoopBackend.Unavailable.self) { try EventLoopBackend.named(name) }
            #expect(error.description.hasPrefix("FLOWPAGES_EVENT_LOOP=\(name):"))
            for allowed in EventLoopBackend.available { #expect(error.description.contains(allowed.rawValue)) }
        }
    }

    /// Whatever the environment says, the configuration can name either backend, and both keep a
    /// connection alive across pipelined requests and answer a handler that blocks.
    @Test(arguments: EventLoopBackend.available)
    func theConfigurationsBackendServes(_ backend: EventLoopBackend) throws {
        try withLiveServer({ $0.eventLoop = backend }) { server, port in
            #expect(server.eventLoopBackend == backend)
            let client = try TestClient(port: port)
            client.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\nGET /slow HTTP/1.1\r\nHost: t\r\n\r\nGET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect((0..<3).map { _ in client.readResponse()?.text } == ["hello /hello", "slow", "hello /hello"])
        }
    }
}
