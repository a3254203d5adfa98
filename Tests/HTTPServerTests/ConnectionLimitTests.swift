import Foundation
import HTTPServer
import Testing

/// Slow and greedy clients cannot lock others out: one address gets only its share of the
/// connections, and a full server makes room by closing the client that has waited longest.
@Suite(.serialized) struct ConnectionLimitTests {
    /// The whole answer to `GET /hello` on a fresh connection from `source`.
    private static func hello(port: Int, from source: String? = nil) -> String {
        String(decoding: RawExchange.roundTrip(port: port, from: source, "GET /hello HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n"), as: UTF8.self)
    }

    @Test func oneAddressGetsOnlyItsShareOfConnections() throws {
        try withLiveServer({ $0.maximumConnectionsPerAddress = 4 }) { server, port in
            let held = (0..<4).map { _ in RawExchange.connect(port: port) }
            defer { for fd in held { Glibc.close(fd) } }
            usleepMilliseconds(100)
            let refused = String(decoding: RawExchange.roundTrip(port: port, "GET /hello HTTP/1.1\r\nHost: t\r\n\r\n"), as: UTF8.self)
            #expect(refused.hasPrefix("HTTP/1.1 503 "))
            #expect(Self.hello(port: port, from: "127.0.0.2").hasSuffix("hello /hello"))
        }
    }

    /// A client reconnecting as soon as the server ends a connection (its requests-per-connection
    /// limit, `Connection: close`) is not refused while the old one waits for the client to close.
    @Test func aConnectionOnItsWayOutNoLongerCountsAgainstItsAddress() throws {
        try withLiveServer({ $0.maximumConnectionsPerAddress = 2 }) { _, port in
            let kept = RawExchange.connect(port: port)
            let ending = RawExchange.connect(port: port)
            defer { for fd in [kept, ending] { Glibc.close(fd) } }
            sendAll(Array("GET /hello HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n".utf8), to: ending)
            // Read to the end: the server has half-closed, but this side stays open.
            #expect(String(decoding: RawExchange.readToEnd(ending, timeout: 5), as: UTF8.self).hasSuffix("hello /hello"))
            #expect(Self.hello(port: port).hasSuffix("hello /hello"))
        }
    }

    /// The attack: 512 connections trickling a head from one address; a client from
    /// another address is still served.
    @Test func tricklingConnectionsFromOneAddressLeaveRoomForOthers() throws {
        try withLiveServer { server, port in
            var trickling: [Int32] = []
            defer { for fd in trickling { Glibc.close(fd) } }
            for _ in 0..<512 {
                let fd = RawExchange.connect(port: port)
                guard fd >= 0 else { continue }
                sendAll(Array("GET /hello HTTP/1.1\r\nHo".utf8), to: fd)
                trickling.append(fd)
            }
            usleepMilliseconds(200)
            #expect(server.connectionCount <= ServerConfiguration().maximumConnectionsPerAddress)
            #expect(Self.hello(port: port, from: "127.0.0.2").hasSuffix("hello /hello"))
        }
    }

    @Test func aFullServerClosesTheClientThatHasWaitedLongest() throws {
        try withLiveServer({ $0.maximumConnections = 3 }) { server, port in
            let slowest = try TestClient(port: port)
            slowest.send("GET /hello HTTP/1.1\r\nHo")
            usleepMilliseconds(50)
            let others = try (0..<2).map { _ in try TestClient(port: port) }
            for client in others {
                client.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
                #expect(client.readResponse()?.status == 200)
            }
            let fresh = try TestClient(port: port)
            fresh.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(fresh.readResponse()?.text == "hello /hello")
            #expect(slowest.isClosedByServer())
            usleepMilliseconds(50)
            #expect(server.connectionCount == 3)
        }
    }
}
