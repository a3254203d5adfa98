import Foundation
import HTTPServer
import Synchronization
import Testing

/// A real server on 127.0.0.1, port 0, spoken to through raw sockets.
@Suite(.serialized) struct HTTPServerLiveTests {
    @Test func keepAliveServesManyRequestsOnOneConnection() throws {
        try withLiveServer { _, port in
            let client = try TestClient(port: port)
            for index in 1...3 {
                client.send("GET /hello?n=\(index) HTTP/1.1\r\nHost: test\r\n\r\n")
                let response = try #require(client.readResponse())
                #expect(response.status == 200)
                #expect(response.text == "hello /hello")
                #expect(response.header("Connection") == nil)
                #expect(response.header("X-Request-Id")?.hasSuffix("-\(index)") == true)
                #expect(response.header("Date")?.hasSuffix(" GMT") == true)
            }
        }
    }

    @Test func pipelinedRequestsAreAnsweredInOrder() throws {
        try withLiveServer { _, port in
            let client = try TestClient(port: port)
            client.send(
                "GET /slow HTTP/1.1\r\nHost: t\r\n\r\n"
                    + "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\n\r\nfirst"
                    + "POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n6\r\nsecond\r\n0\r\n\r\n"
                    + "GET /hello HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n"
            )
            let bodies = (0..<4).compactMap { _ in client.readResponse()?.text }
            #expect(bodies == ["slow", "first", "second", "hello /hello"])
            #expect(client.isClosedByServer())
        }
    }

    /// Handlers that may block run off the connection threads: more of them waiting at once
    /// than there are cores never keeps the request that releases them from being answered.
    @Test func handlersThatMayBlockDoNotStarveTheServer() throws {
        let gate = DispatchSemaphore(value: 0)
        let waiting = 12
        var router = echoRouter()
        router.get("/wait", mayBlock: true) { _ in
            gate.wait()
            return .text("released")
        }
        router.get("/release") { _ in
            for _ in 0..<waiting { gate.signal() }
            return .text("done")
        }
        try withLiveServer(router: router) { _, port in
            let blocked = try (0..<waiting).map { _ in try TestClient(port: port, timeout: 10) }
            for client in blocked { client.send("GET /wait HTTP/1.1\r\nHost: t\r\n\r\n") }
            usleepMilliseconds(100)
            let releaser = try TestClient(port: port, timeout: 10)
            releaser.send("GET /release HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(releaser.readResponse()?.text == "done")
            #expect(blocked.map { $0.readResponse()?.text } == Array(repeating: "released", count: waiting))
        }
    }

    /// Pipelined requests behind one whose handler may block keep their order, and a handler
    /// slower than the idle timeout is still answered on its connection.
    @Test func aBlockingHandlerKeepsPipelinedOrderAndIsNotCutOffAsIdle() throws {
        var router = echoRouter()
        router.get("/sleep", mayBlock: true) { _ in
            usleepMilliseconds(600)
            return .text("slept")
        }
        try withLiveServer({ $0.idleTimeout = .milliseconds(300) }, router: router) { _, port in
            let client = try TestClient(port: port)
            client.send(
                "GET /sleep HTTP/1.1\r\nHost: t\r\n\r\n"
                    + "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\n\r\nafter"
                    + "GET /sleep HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n"
            )
            let bodies = (0..<3).compactMap { _ in client.readResponse()?.text }
            #expect(bodies == ["slept", "after", "slept"])
            #expect(client.isClosedByServer())
        }
    }

    @Test func http10ClosesUnlessAskedToKeepAlive() throws {
        try withLiveServer { _, port in
            let plain = try TestClient(port: port)
            plain.send("GET /hello HTTP/1.0\r\n\r\n")
            #expect(plain.readResponse()?.header("Connection") == "close")
            #expect(plain.isClosedByServer())

            let kept = try TestClient(port: port)
            kept.send("GET /hello HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
            #expect(kept.readResponse()?.header("Connection") == "keep-alive")
            kept.send("GET /hello HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
            #expect(kept.readResponse()?.status == 200)
        }
    }

    @Test func headHasTheLengthButNoBody() throws {
        try withLiveServer { _, port in
            let client = try TestClient(port: port)
            client.send("HEAD /hello HTTP/1.1\r\nHost: t\r\n\r\n")
            let head = try #require(client.readResponse(bodyless: true))
            #expect(head.header("Content-Length") == "12")
            client.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(client.readResponse()?.text == "hello /hello")
        }
    }

    @Test func expectContinueWaitsForTheGoAhead() throws {
        try withLiveServer { _, port in
            let client = try TestClient(port: port)
            client.send("PUT /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 4\r\nExpect: 100-continue\r\n\r\n")
            #expect(client.readResponse()?.status == 100)
            client.send("data")
            #expect(client.readResponse()?.text == "data")
        }
    }

    @Test func aMalformedRequestIsAnswered400AndClosed() throws {
        try withLiveServer { _, port in
            let client = try TestClient(port: port)
            client.send("GET / HTTP/1.1\r\nHost: t\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n")
            let response = try #require(client.readResponse())
            #expect(response.status == 400)
            #expect(response.header("Connection") == "close")
            #expect(client.isClosedByServer())
        }
    }

    @Test func aBodyOverTheLimitIsRefusedBeforeItIsSent() throws {
        try withLiveServer({ $0.limits.body = 1024 }) { _, port in
            let client = try TestClient(port: port)
            client.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 2097152\r\n\r\n")
            let response = try #require(client.readResponse())
            #expect(response.status == 413)
            #expect(client.isClosedByServer())
        }
    }

    @Test func theRequestsPerConnectionLimitClosesTheConnection() throws {
        try withLiveServer({ $0.maximumRequestsPerConnection = 2 }) { _, port in
            let client = try TestClient(port: port)
            client.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(client.readResponse()?.header("Connection") == nil)
            client.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(client.readResponse()?.header("Connection") == "close")
            #expect(client.isClosedByServer())
        }
    }

    @Test func idleConnectionsAreClosed() throws {
        try withLiveServer({ $0.idleTimeout = .milliseconds(300) }) { server, port in
            let client = try TestClient(port: port)
            client.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(client.readResponse()?.status == 200)
            #expect(client.isClosedByServer())
        }
    }

    @Test func aTricklingClientIsCutOffWhileOthersAreServed() throws {
        try withLiveServer({ $0.headerTimeout = .seconds(2) }) { _, port in
            // Fifty clients that started a head and stopped.
            let stalled = try (0..<50).map { _ in try TestClient(port: port) }
            for client in stalled { client.send("GET /hello HTTP/1.1\r\nHost: t\r\n") }
            let trickler = try TestClient(port: port)
            let started = ContinuousClock.now
            let tricklerSocket = trickler.fd
            let stop = Atomic<Bool>(false)
            let feeder = Thread {
                for byte in Array("GET /hello HTTP/1.1\r\nHost: t\r\nX-Slow: ".utf8) + Array(repeating: UInt8(ascii: "a"), count: 60) {
                    if stop.load(ordering: .relaxed) { return }
                    sendAll([byte], to: tricklerSocket)
                    usleepMilliseconds(50)
                }
            }
            feeder.start()
            // The feeder must be done before the trickler's descriptor is closed: writing to a
            // closed descriptor number would write into whatever socket reused it.
            defer {
                stop.store(true, ordering: .relaxed)
                while !feeder.isFinished { usleepMilliseconds(10) }
            }

            // A normal client is answered while all of them hold their connections.
            let normal = try TestClient(port: port)
            normal.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(normal.readResponse()?.status == 200)
            #expect(ContinuousClock.now - started < .seconds(2), "the normal client waited for the slow ones")

            // The trickler gets 408 at the head deadline although it never stopped sending.
            let cut = try #require(trickler.readResponse())
            #expect(cut.status == 408)
            #expect(ContinuousClock.now - started >= .seconds(2))
            #expect(stalled[0].readResponse()?.status == 408)
        }
    }

    @Test func connectionsBeyondTheLimitGet503WhenEveryOneIsAnswering() throws {
        let gate = DispatchSemaphore(value: 0)
        var router = echoRouter()
        router.get("/wait", mayBlock: true) { _ in
            gate.wait()
            return .text("released")
        }
        try withLiveServer({ $0.maximumConnections = 3 }, router: router) { server, port in
            let held = try (0..<3).map { _ in try TestClient(port: port) }
            for client in held { client.send("GET /wait HTTP/1.1\r\nHost: t\r\n\r\n") }
            usleepMilliseconds(100)
            let extra = try TestClient(port: port)
            let refused = try #require(extra.readResponse())
            #expect(refused.status == 503)
            #expect(refused.header("Retry-After") == "1")
            #expect(server.connectionCount == 3)
            for _ in held { gate.signal() }
            #expect(held.map { $0.readResponse()?.text } == ["released", "released", "released"])
        }
    }

    /// Connections are shared out among the event loops (one a core): twenty at once, each with
    /// two requests in turn, are all answered, and a server shut down gives every descriptor back,
    /// its event loops' included.
    @Test func connectionsOnEveryLoopAreAnsweredAndShutdownReleasesTheirDescriptors() throws {
        func openDescriptors() -> Int {
            (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? 0
        }
        let before = openDescriptors()
        try withLiveServer { server, port in
            let clients = try (0..<20).map { _ in try TestClient(port: port) }
            for round in 1...2 {
                for (index, client) in clients.enumerated() {
                    client.send("GET /hello?c=\(index)&r=\(round) HTTP/1.1\r\nHost: t\r\n\r\n")
                }
                for client in clients {
                    #expect(client.readResponse()?.text == "hello /hello")
                }
            }
            #expect(server.connectionCount == 20)
        }
        // The loops' descriptors are closed on their queues, just after shutdown returns.
        var after = openDescriptors()
        for _ in 0..<50 where after > before {
            usleepMilliseconds(20)
            after = openDescriptors()
        }
        #expect(after <= before)
    }

    @Test func gracefulShutdownFinishesTheRequestInFlight() throws {
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.accessLog = nil
        configuration.log = { _ in }
        let server = try HTTPServer(configuration: configuration, router: echoRouter())
        let port = try server.start()
        let busy = try TestClient(port: port)
        let idle = try TestClient(port: port)
        busy.send("GET /slow HTTP/1.1\r\nHost: t\r\n\r\n")
        usleepMilliseconds(100)

        let stopped = Thread { server.shutdown() }
        stopped.start()
        let response = try #require(busy.readResponse())
        #expect(response.status == 200)
        #expect(response.text == "slow")
        #expect(response.header("Connection") == "close")
        #expect(busy.isClosedByServer())
        #expect(idle.isClosedByServer())
        usleepMilliseconds(200)
        #expect(throws: TestClient.ClientError.self) { try TestClient(port: port) }
    }
}
