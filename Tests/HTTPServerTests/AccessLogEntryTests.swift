@testable import HTTPServer
import Synchronization
import Testing

@Suite struct AccessLogEntryTests {
    private static func entry(method: HTTPMethod = .get, path: String) -> AccessLogEntry {
        AccessLogEntry(requestID: "a3f1-7-2", method: method, path: path, status: 404, bytes: 10, duration: .microseconds(410))
    }

    @Test func anOrdinaryEntryIsWrittenAsItIs() {
        #expect(Self.entry(path: "/listing/123").description == "a3f1-7-2 GET /listing/123 404 10B 0.41ms")
        #expect(Self.entry(path: "/café").description == "a3f1-7-2 GET /café 404 10B 0.41ms")
    }

    @Test(arguments: [
        ("/x\nfake-line 200", "/x%0Afake-line%20200"),
        ("/x\r\u{1B}[2J\u{7F}", "/x%0D%1B[2J%7F"),
        ("/a\u{85}b\u{2028}c\u{2029}", "/a%C2%85b%E2%80%A8c%E2%80%A9"),
        ("/100%\t", "/100%25%09"),
    ])
    func controlCharactersInThePathAreEscaped(path: String, logged: String) {
        let line = Self.entry(path: path).description
        #expect(line == "a3f1-7-2 GET \(logged) 404 10B 0.41ms")
        #expect(!line.unicodeScalars.contains { $0.properties.generalCategory == .control })
    }

    @Test func controlCharactersInTheMethodAreEscaped() {
        #expect(Self.entry(method: HTTPMethod("G\nET"), path: "/").description == "a3f1-7-2 G%0AET / 404 10B 0.41ms")
    }

    @Test func aRequestForAnEncodedLineBreakIsLoggedOnOneLine() throws {
        let lines = Mutex<[String]>([])
        try withLiveServer({ configuration in
            configuration.accessLog = { entry in lines.withLock { $0.append(entry.description) } }
        }) { _, port in
            let client = try TestClient(port: port)
            client.send("GET /x%0Afake%0D%1B HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(client.readResponse()?.status == 404)
        }
        let logged = lines.withLock { $0 }
        #expect(logged.count == 1)
        #expect(logged.first?.contains(" GET /x%0Afake%0D%1B 404 ") == true)
        #expect(logged.first?.contains { $0.isNewline || $0 == "\u{1B}" } == false)
    }
}
