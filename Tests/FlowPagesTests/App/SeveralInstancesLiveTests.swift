import FlowPagesTestSupport
import FlowStore
import Foundation
import PostgresStore
import Synchronization
import Testing

/// Several `flowpages serve` processes on one PostgreSQL database, as behind a load balancer:
/// a person's requests may reach any of them, an instance may go away, and the database may
/// restart. Needs `FLOWPAGES_TEST_POSTGRES` (`Tests/run.sh` starts a throwaway cluster).
@Suite(.serialized, .enabled(if: PostgresTestServer.isConfigured, "needs PostgreSQL: `bash Tests/run.sh` starts one, or set FLOWPAGES_TEST_POSTGRES"))
struct SeveralInstancesLiveTests {
    /// Milliseconds since 1970, as the store reads expiry by.
    static var now: Int64 { Int64(Date().timeIntervalSince1970 * 1000) }

    /// Two instances on a fresh schema of the test server, and a store reading what they keep.
    static func twoInstances() throws -> (ServeProcess, ServeProcess, PostgresWebStore) {
        let url = try PostgresTestServer.freshSchema()
        let first = try ServeProcess(database: url)
        let second = try ServeProcess(database: url)
        return (first, second, PostgresWebStore(database: try PostgresDatabase(url: url), key: TestStore.postgresKey))
    }

    @Test func aWalkMovesFromInstanceToInstanceAsItGoes() throws {
        let (first, second, _) = try Self.twoInstances()
        var browser = LiveBrowser(port: first.port)
        try browser.open("/suma-finance/")
        #expect(browser.page.heading == "Welcome to SUMA Finance")
        // Each step on the other instance than the one before.
        let steps: [(press: String, filling: [String: String], heading: String)] = [
            ("Skip", [:], "Login"),
            ("Create Account", [:], "Create Account"),
            ("Back to Login", [:], "Login"),
            ("Log In", ["Email address": "test@example.com", "Password": "password123"], "Biometric Enrollment"),
            ("Skip", [:], "Home"),
            ("Profile tab", [:], "Profile"),
            ("Log Out", [:], "Login"),
        ]
        for (index, step) in steps.enumerated() {
            browser.port = index % 2 == 0 ? second.port : first.port
            try browser.press(step.press, filling: step.filling)
            #expect(browser.page.heading == step.heading, "\(step.press) on the instance at \(browser.port!)")
        }
        browser.port = second.port
        try browser.reload()
        #expect(browser.last.status == 200 && browser.page.heading == "Login", "the sign-out, its new id and token, hold on either instance")
    }

    @Test func twoInstancesSavingOneSessionAtOnceNeverLoseAWrite() throws {
        let (first, second, store) = try Self.twoInstances()
        var browser = LiveBrowser(port: first.port)
        try browser.open("/suma-finance/")
        try browser.press("Skip")
        let id = try #require(browser.cookies["fp_suma-finance"])
        let before = try #require(try store.read { try $0.sessions.load(id: id, now: Self.now) }?.version)
        let body = "csrf=\(browser.hidden("csrf"))&screen=%2Fsuma-finance%2Fauth%2Flogin"
        let perInstance = 25
        let statuses = Mutex<[Int]>([])
        let ports = [first.port, second.port]
        onThreads(2) { index in
            let port = ports[index]
            let request = LiveBrowser.post("/suma-finance/_action/forgot-password", body: body, cookie: "fp_suma-finance=\(id)", port: port)
            for _ in 0..<perInstance {
                let status = (try? LiveBrowser.exchange(request, port: port))?.status ?? 0
                statuses.withLock { $0.append(status) }
            }
        }
        let answered = statuses.withLock { $0 }
        let saved = answered.count { $0 == 303 }
        #expect(answered.count == 2 * perInstance && answered.allSatisfy { $0 == 303 || $0 == 409 }, "\(answered.filter { $0 != 303 })")
        let after = try #require(try store.read { try $0.sessions.load(id: id, now: Self.now) }?.version)
        #expect(after == before + saved, "every post answered 303 was saved once, none overwritten: \(before) → \(after)")
    }

    /// People walking back and forth on both instances; one is killed with SIGKILL mid-walk.
    /// Every navigation either instance acknowledged (303) is in the database, and a request
    /// cut off by the kill is either wholly there or not at all: beyond the acknowledged ones,
    /// only requests that got no whole answer may have been saved.
    @Test func anInstanceKilledMidLoadLosesNothingAcknowledged() throws {
        let (first, second, store) = try Self.twoInstances()
        let people = 8
        var sessions: [(id: String, csrf: String)] = []
        for _ in 0..<people {
            var browser = LiveBrowser(port: first.port)
            try browser.open("/suma-finance/")
            try browser.press("Skip")
            sessions.append((try #require(browser.cookies["fp_suma-finance"]), browser.hidden("csrf")))
        }
        let start = try sessions.map { session in try #require(try store.read { try $0.sessions.load(id: session.id, now: Self.now) }?.version) }
        let acknowledged = Mutex([Int](repeating: 0, count: people))
        // What each person got instead of a 303, and from which instance (status 0: no whole
        // answer, which may or may not have been saved).
        let refused = Mutex([[(port: Int, status: Int)]](repeating: [], count: people))
        let killed = Atomic(false)
        let (pid, ports, people_) = (second.processIdentifier, [first.port, second.port], sessions)
        // One more worker than people: it kills the second instance while they walk.
        onThreads(people + 1) { person in
            guard person < people else {
                usleep(1_500_000)
                kill(pid, SIGKILL)
                killed.store(true, ordering: .sequentiallyConsistent)
                return
            }
            let (id, csrf) = people_[person]
            var step = 0
            let deadline = Date(timeIntervalSinceNow: 3)
            while Date() < deadline {
                // Forward to Forgot Password, then Back to Login, posted to either instance.
                let (path, screen) = step % 2 == 0 ? ("/suma-finance/_action/forgot-password", "%2Fsuma-finance%2Fauth%2Flogin")
                    : ("/suma-finance/_back", "%2Fsuma-finance%2Fauth%2Fforgot-password")
                let port = person % 2 == 0 || killed.load(ordering: .sequentiallyConsistent) ? ports[0] : ports[1]
                let request = LiveBrowser.post(path, body: "csrf=\(csrf)&screen=\(screen)", cookie: "fp_suma-finance=\(id)", port: port)
                let status = (try? LiveBrowser.exchange(request, port: port))?.status ?? 0
                guard status == 303 else {
                    refused.withLock { $0[person].append((port, status)) }
                    continue
                }
                acknowledged.withLock { $0[person] += 1 }
                step += 1
            }
        }
        second.waitForExit()
        let counts = acknowledged.withLock { $0 }
        #expect(counts.allSatisfy { $0 > 0 })
        for person in 0..<people {
            let stored = try #require(try store.read { try $0.sessions.load(id: sessions[person].id, now: Self.now) })
            let saved = stored.version - start[person]
            let others = refused.withLock { $0[person] }
            // Each acknowledged step is one save; a request with no whole answer (the one the kill
            // cut off, a connection refused by the dead instance) is saved once or not at all, and
            // an answer other than 303 saved nothing.
            let unanswered = others.count { $0.status == 0 }
            #expect(saved >= counts[person] && saved <= counts[person] + unanswered,
                    "person \(person): \(counts[person]) acknowledged, \(saved) saved; other answers (port, status): \(others)")
        }
    }

    /// The database stops under load and starts again: meanwhile requests are answered 503
    /// (never a 500, never details), and the instance serves again by itself.
    @Test func aDatabaseRestartIsAnswered503AndRecoveredFrom() throws {
        let cluster = try ThrowawayCluster()
        let instance = try ServeProcess(database: cluster.url)
        var browser = LiveBrowser(port: instance.port)
        try browser.open("/suma-finance/")
        try browser.press("Skip")
        #expect(browser.page.heading == "Login")
        let login = Array("GET /suma-finance/auth/login HTTP/1.1\r\nHost: 127.0.0.1:\(instance.port)\r\nConnection: close\r\nCookie: fp_suma-finance=\(browser.cookies["fp_suma-finance"]!)\r\n\r\n".utf8)
        let port = instance.port
        let answers = Mutex<[(status: Int, phase: Int)]>([])
        let phase = Atomic(0)
        let failures = Mutex<[String]>([])
        // Four people reading the screen again and again while the database stops and starts.
        onThreads(5) { worker in
            guard worker == 4 else {
                while phase.load(ordering: .sequentiallyConsistent) < 3 {
                    let response = try? LiveBrowser.exchange(login, port: port)
                    answers.withLock { $0.append((response?.status ?? 0, phase.load(ordering: .sequentiallyConsistent))) }
                    if let response, response.status == 503,
                       response.header("Retry-After") == nil || response.body.contains("PostgreSQL") || response.body.contains("SELECT") {
                        failures.withLock { $0.append(response.body) }
                    }
                    usleep(20_000)
                }
                return
            }
            do {
                usleep(300_000)
                try cluster.stop()
                phase.store(1, ordering: .sequentiallyConsistent)
                usleep(700_000)
                try cluster.start()
                phase.store(2, ordering: .sequentiallyConsistent)
                // Until the instance has answered 200 again, or 10 s.
                let deadline = Date(timeIntervalSinceNow: 10)
                while Date() < deadline, !answers.withLock({ $0.contains { $0.phase == 2 && $0.status == 200 } }) { usleep(50_000) }
            } catch {
                failures.withLock { $0.append("\(error)") }
            }
            phase.store(3, ordering: .sequentiallyConsistent)
        }
        let seen = answers.withLock { $0 }
        #expect(failures.withLock { $0 }.isEmpty, "\(failures.withLock { $0 })")
        #expect(seen.allSatisfy { $0.status == 200 || $0.status == 503 }, "never a 500: \(Set(seen.map(\.status)))")
        #expect(seen.contains { $0.phase == 1 && $0.status == 503 }, "while it is down: 503")
        #expect(seen.contains { $0.phase == 2 && $0.status == 200 }, "it serves again by itself once the database is back")
        let down = try LiveBrowser.exchange(login, port: port)
        #expect(down.status == 200)
        #expect(instance.output.contains("the store is unavailable"), "the log says why")
    }

    /// Two instances on one database behind the shipped nginx configuration: a stranger's page
    /// is the same bytes and ETag from either, so the one cache serves it for both.
    @Test(.enabled(if: LiveNginx.isInstalled, "needs nginx")) func twoInstancesBehindOneCacheAnswerTheSamePublicPage() throws {
        let url = try PostgresTestServer.freshSchema()
        let arguments = ["--prototype", "off", "--app-host", "suma.finance=suma-finance"]
        let (first, second) = (try ServeProcess(database: url, arguments: arguments), try ServeProcess(database: url, arguments: arguments))
        var tags: [String?] = []
        for instance in [first, second] {
            var stranger = LiveBrowser(port: instance.port)
            stranger.host = "suma.finance"
            let page = try stranger.request("GET", "/auth/register", referer: nil)
            #expect(page.header("Cache-Control")?.hasPrefix("public") == true)
            tags.append(page.header("ETag"))
        }
        #expect(tags[0] != nil && tags[0] == tags[1])
        let nginx = try LiveNginx.deployed(port: try LiveNginx.freePort(), upstreams: [first.port, second.port])
        defer { nginx.stop() }
        var statuses: [String?] = []
        for _ in 0..<4 {
            var stranger = LiveBrowser(port: nginx.port)
            stranger.host = "suma.finance"
            let page = try stranger.request("GET", "/auth/register", referer: nil)
            #expect(page.header("ETag") == tags[0])
            statuses.append(page.header("X-Cache-Status"))
        }
        #expect(statuses == ["MISS", "HIT", "HIT", "HIT"])
    }
}

/// A PostgreSQL cluster of a test's own (`Tests/postgres.sh`), which the test may stop and start.
final class ThrowawayCluster: Sendable {
    let folder: URL
    let url: String

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("cluster-\(UUID().uuidString)")
        url = try Self.script("start", folder).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func stop() throws { _ = try Self.script("stop", folder) }
    func start() throws { _ = try Self.script("restart", folder) }

    deinit {
        _ = try? Self.script("stop", folder)
        try? FileManager.default.removeItem(at: folder)
    }

    private static func script(_ command: String, _ folder: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [LiveApp.repository.appendingPathComponent("Tests/postgres.sh").path, command, folder.path, "fsync=off"]
        // A file, not a pipe: the server the script starts outlives it and would hold a pipe open.
        let output = folder.deletingLastPathComponent().appendingPathComponent(folder.lastPathComponent + "-\(command).out")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: output) }
        process.standardOutput = try FileHandle(forWritingTo: output)
        try process.run()
        process.waitUntilExit()
        let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        guard process.terminationStatus == 0 else { throw ServeProcess.Failure(description: "Tests/postgres.sh \(command) failed: \(text)") }
        return text
    }
}
