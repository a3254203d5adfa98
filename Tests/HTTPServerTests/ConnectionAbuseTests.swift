import Foundation
import HTTPServer
import Synchronization
import Testing

/// Clients that go away in the middle of a request, while others are served: the server lives,
/// and no byte meant for one connection reaches another.
@Suite(.serialized) struct ConnectionAbuseTests {
    /// A handler slower than the idle timeout, whose answer is private to its client.
    private static func privateRouter(handlerTime: Int = 800) -> Router {
        var router = echoRouter()
        router.post("/sign-in", mayBlock: true) { request in
            usleepMilliseconds(handlerTime)
            var response = HTTPResponse.text("private to \(String(decoding: request.body, as: UTF8.self))")
            response.headers.add("Set-Cookie", "session=secret-\(String(decoding: request.body, as: UTF8.self))")
            return response
        }
        return router
    }

    private static func signIn(_ name: String) -> String {
        "POST /sign-in HTTP/1.1\r\nHost: t\r\nContent-Length: \(name.utf8.count)\r\n\r\n\(name)"
    }

    @Test func aClientThatHalfClosesDuringASlowHandlerStillGetsItsAnswer() throws {
        // Timeouts far enough apart that a loaded machine does not blur them.
        try withLiveServer({ $0.idleTimeout = .milliseconds(250) }, router: Self.privateRouter()) { _, port in
            let client = try TestClient(port: port)
            client.send(Self.signIn("alice"))
            usleepMilliseconds(100)
            shutdown(client.fd, Int32(SHUT_WR))
            let response = try #require(client.readResponse())
            #expect(response.text == "private to alice")
            #expect(client.isClosedByServer())
        }
    }

    /// The case: clients streaming junk behind a sign-in waiting on its hash took the
    /// server to 2.3 GB. While a handler is at work, the server reads one request's worth
    /// (head and body limits) beyond it, then TCP holds the client back; once the answer is
    /// sent, the junk is refused and the connection closed.
    @Test func whatAClientSendsWhileItsRequestIsAnsweredIsHeldBack() throws {
        let gate = DispatchSemaphore(value: 0)
        var router = echoRouter()
        router.post("/held", mayBlock: true) { _ in
            _ = gate.wait(timeout: .now() + 10)
            return .text("answered")
        }
        try withLiveServer(router: router) { _, port in
            let client = try TestClient(port: port, timeout: 10)
            client.send("POST /held HTTP/1.1\r\nHost: t\r\nContent-Length: 2\r\n\r\nhi")
            let offered = 64 * 1024 * 1024
            let accepted = Self.sendUntilStalled(client.fd, bytes: offered)
            gate.signal()
            // The server's limits and the kernel's buffers on both sides, with room to spare.
            #expect(accepted < offered / 2, "\(accepted) bytes taken while the handler was at work")
            #expect(client.readResponse()?.text == "answered")
            #expect(client.readResponse()?.status == 400)
            #expect(client.isClosedByServer())
        }
    }

    /// Sends up to `bytes` NUL bytes (never the start of a request) without blocking, until the
    /// socket has taken them all or has taken nothing for half a second; returns how many it took.
    private static func sendUntilStalled(_ fd: Int32, bytes: Int) -> Int {
        let flags = fcntl(fd, F_GETFL)
        _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
        defer { _ = fcntl(fd, F_SETFL, flags) }
        let chunk = [UInt8](repeating: 0, count: 64 * 1024)
        var accepted = 0
        while accepted < bytes {
            let count = chunk.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, min($0.count, bytes - accepted), Int32(MSG_NOSIGNAL)) }
            if count > 0 {
                accepted += count
                continue
            }
            guard count < 0, errno == EAGAIN || errno == EWOULDBLOCK else { break }
            var writable = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            if poll(&writable, 1, 500) == 0 { break }
        }
        return accepted
    }

    @Test func clientsThatVanishMidHandlerNeverLeakTheirAnswersToBystanders() throws {
        let leaked = Mutex<[String]>([])
        // Every client here shares one address; the per-address limit is another test's subject.
        try withLiveServer({
            $0.idleTimeout = .milliseconds(250)
            $0.maximumConnectionsPerAddress = 0
        }, router: Self.privateRouter()) { server, port in
            let stop = Atomic<Bool>(false)
            let bystanders = (0..<4).map { _ in
                Thread {
                    while !stop.load(ordering: .relaxed) {
                        let bytes = RawExchange.roundTrip(port: port, "GET /hello HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
                        let text = String(decoding: bytes, as: UTF8.self)
                        if text.contains("private") || text.components(separatedBy: "HTTP/1.1 ").count != 2 || !text.hasSuffix("hello /hello") {
                            leaked.withLock { $0.append(text) }
                        }
                    }
                }
            }
            for thread in bystanders { thread.start() }
            for round in 0..<3 {
                // Raw descriptors, each closed exactly once here: a test that closed one twice
                // could close a bystander's socket itself.
                let clients = (0..<13).map { _ in RawExchange.connect(port: port) }
                for (index, fd) in clients.enumerated() {
                    sendAll(Array(Self.signIn("user\(round)-\(index)").utf8), to: fd)
                }
                usleepMilliseconds(100)
                for (index, fd) in clients.enumerated() {
                    switch index % 3 {
                    case 0: shutdown(fd, Int32(SHUT_WR))
                    case 1: RawExchange.reset(fd)
                    default: shutdown(fd, Int32(SHUT_RDWR))
                    }
                }
                usleepMilliseconds(1000)
                for (index, fd) in clients.enumerated() where index % 3 != 1 { Glibc.close(fd) }
            }
            stop.store(true, ordering: .relaxed)
            usleepMilliseconds(300)
            let after = try TestClient(port: port)
            after.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(after.readResponse()?.text == "hello /hello")
            #expect(server.connectionCount <= 1 + bystanders.count)
        }
        #expect(leaked.withLock { $0 } == [])
    }

    /// Many clients disconnecting at random points of a request, for a few seconds (longer with
    /// `FLOWPAGES_STRESS_SECONDS`); `.ci/run` runs it as part of the test command.
    @Test func randomDisconnectsUnderConcurrency() throws {
        let seconds = Double(ProcessInfo.processInfo.environment["FLOWPAGES_STRESS_SECONDS"] ?? "") ?? 3
        let wrong = Mutex<[String]>([])
        let served = Atomic<Int>(0)
        try withLiveServer({
            $0.idleTimeout = .milliseconds(500)
            $0.headerTimeout = .milliseconds(1000)
            $0.maximumConnectionsPerAddress = 0
        }, router: Self.privateRouter(handlerTime: 20)) { _, port in
            let deadline = Date().addingTimeInterval(seconds)
            let workers = (0..<8).map { worker in
                Thread {
                    var random = SystemRandomNumberGenerator()
                    var round = 0
                    while Date() < deadline {
                        round += 1
                        let name = "w\(worker)r\(round)"
                        let request = Array(Self.signIn(name).utf8)
                        let fd = RawExchange.connect(port: port)
                        guard fd >= 0 else { continue }
                        let cut = Int.random(in: 0...request.count, using: &random)
                        sendAll(Array(request[..<cut]), to: fd)
                        switch Int.random(in: 0..<5, using: &random) {
                        case 0:
                            RawExchange.reset(fd)
                            continue
                        case 1:
                            usleepMilliseconds(Int.random(in: 0...30, using: &random))
                            Glibc.close(fd)
                            continue
                        case 2:
                            shutdown(fd, Int32(SHUT_WR))
                        default:
                            sendAll(Array(request[cut...]), to: fd)
                            if Bool.random(using: &random) { shutdown(fd, Int32(SHUT_WR)) }
                        }
                        let text = String(decoding: RawExchange.readToEnd(fd, timeout: 2), as: UTF8.self)
                        Glibc.close(fd)
                        // A whole answer to this client, or an error status, never someone else's.
                        let answers = text.components(separatedBy: "private to ").count - 1
                        if answers > 1 || answers == 1 && !text.hasSuffix("private to \(name)") {
                            wrong.withLock { $0.append("\(name): \(text)") }
                        } else if answers == 1 {
                            served.add(1, ordering: .relaxed)
                        }
                    }
                }
            }
            for worker in workers { worker.start() }
            while Date() < deadline.addingTimeInterval(3), workers.contains(where: { !$0.isFinished }) {
                usleepMilliseconds(50)
            }
            let after = try TestClient(port: port)
            after.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(after.readResponse()?.text == "hello /hello")
        }
        #expect(wrong.withLock { $0 } == [])
        #expect(served.load(ordering: .relaxed) > 0)
    }
}

/// Socket calls the abuse tests make without the ``TestClient`` helper.
enum RawExchange {
    static func connect(port: Int, from source: String? = nil) -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        if let source {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            local.sin_addr.s_addr = inet_addr(source)
            _ = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            Glibc.close(fd)
            return -1
        }
        return fd
    }

    /// Closes with a reset (RST) instead of an orderly FIN.
    static func reset(_ fd: Int32) {
        var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
        setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
        Glibc.close(fd)
    }

    /// Everything the server sends until it closes, or until `timeout` seconds pass.
    static func readToEnd(_ fd: Int32, timeout: Int) -> [UInt8] {
        var limit = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16384)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return bytes }
            bytes += chunk[..<count]
        }
    }

    /// Sends `request` on a fresh connection (from the loopback address `source`) and returns
    /// every byte of the answer.
    static func roundTrip(port: Int, from source: String? = nil, _ request: String) -> [UInt8] {
        let fd = connect(port: port, from: source)
        guard fd >= 0 else { return Array("connect failed".utf8) }
        defer { Glibc.close(fd) }
        sendAll(Array(request.utf8), to: fd)
        return readToEnd(fd, timeout: 5)
    }
}
