import Foundation
import SQLiteStore
import Testing

@Suite struct DatabaseTests {
    @Test func opensWithWALFullSyncAndForeignKeys() throws {
        let database = try makeDatabase()
        let settings = try database.withWriter { connection in
            (try connection.queryFirst("PRAGMA journal_mode") { $0.string(0) },
             try connection.queryFirst("PRAGMA synchronous") { $0.int(0) },
             try connection.queryFirst("PRAGMA foreign_keys") { $0.int(0) },
             try connection.queryFirst("PRAGMA busy_timeout") { $0.int(0) })
        }
        #expect(settings.0 == "wal")
        #expect(settings.1 == 2)
        #expect(settings.2 == 1)
        #expect(settings.3 == 5000)
    }

    /// Issue 45: the database, its WAL and its SHM hold sessions and accounts; like the key file
    /// beside them, they are made for their owner alone, whatever the umask lets others read.
    @Test func aNewDatabaseAndItsWALAndSHMAreForTheirOwnerAlone() throws {
        let path = temporaryDatabasePath()
        let database = try Database(path: path)
        try database.write { try $0.execute("INSERT INTO outbox (app, recipient, subject, body, sent_at) VALUES ('a', 'b', '', x'', 0)") }
        for file in [path, path + "-wal", path + "-shm"] {
            let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
            #expect(mode == 0o600, "\(file): \(String(mode ?? 0, radix: 8))")
        }
        withExtendedLifetime(database) {}
    }

    @Test func textIsBoundAndReadWithItsByteLengthSoANULKeepsWhatFollows() throws {
        let database = try makeDatabase()
        let values = ["test@example.com\0.evil.example", "te\0st", "\0", "", "jos\u{E9}\0\u{1F600}"]
        try database.write { connection in
            for (index, value) in values.enumerated() {
                try connection.execute("INSERT INTO outbox (app, recipient, subject, body, sent_at) VALUES (?, ?, '', ?, ?)",
                                       [.text("a"), .text(value), .blob(Array(value.utf8)), .integer(Int64(index))])
            }
        }
        let stored = try database.read { try $0.query("SELECT recipient, length(CAST(recipient AS BLOB)), body FROM outbox ORDER BY sent_at") { ($0.string(0), $0.int(1), $0.bytes(2)) } }
        #expect(stored.map(\.0) == values)
        #expect(stored.map(\.1) == values.map(\.utf8.count))
        #expect(stored.map(\.2) == values.map { Array($0.utf8) }, "blobs too, the empty one not NULL")
        let found = try database.read { try $0.queryFirst("SELECT count(*) FROM outbox WHERE recipient = ?", [.text("test@example.com")]) { $0.int(0) } }
        #expect(found == 0, "a value cut at its NUL would match the shorter one")
    }

    @Test func errorsCarryCodeMessageAndSQLButNoValues() throws {
        let database = try makeDatabase()
        do {
            try database.write { try $0.execute("INSERT INTO outbox (app) VALUES (?)", [.text("secret-password-123")]) }
            Issue.record("expected a constraint error")
        } catch let error as SQLiteError {
            #expect(error.code.primary == .constraint)
            #expect(error.sql == "INSERT INTO outbox (app) VALUES (?)")
            #expect(error.message.contains("NOT NULL"))
            #expect(!error.description.contains("secret-password-123"))
        }
        #expect(throws: SQLiteError.self) { try database.read { try $0.execute("SELECT nonsense FROM nowhere") } }
    }

    @Test func aFailedTransactionLeavesNothing() throws {
        let database = try makeDatabase()
        struct Stop: Error {}
        #expect(throws: Stop.self) {
            try database.write { connection in
                try connection.execute("INSERT INTO outbox (app, recipient, subject, body, sent_at) VALUES ('a', 'b', 'c', 'd', 1)")
                throw Stop()
            }
        }
        let count = try database.read { try $0.queryFirst("SELECT count(*) FROM outbox") { $0.int(0) } }
        #expect(count == 0)
    }

    @Test func concurrentWritesShareCommitsButNotFailures() throws {
        let database = try makeDatabase()
        struct Stop: Error {}
        let failures = FailureLog()
        // 8 threads × 50 writes at once: every fifth write throws after inserting its row.
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for n in 0..<50 {
                let recipient = "\(thread)-\(n)"
                do {
                    try database.write { connection in
                        try connection.execute("INSERT INTO outbox (app, recipient, subject, body, sent_at) VALUES ('a', ?, 's', 'b', 1)", [.text(recipient)])
                        if n % 5 == 4 { throw Stop() }
                    }
                    if n % 5 == 4 { failures.add("\(recipient) should have thrown") }
                } catch is Stop {
                    if n % 5 != 4 { failures.add("\(recipient) threw another write's error") }
                } catch {
                    failures.add("\(recipient): \(error)")
                }
            }
        }
        #expect(failures.lines.isEmpty, "\(failures.lines.prefix(3))")
        let kept = try database.read { try $0.query("SELECT recipient FROM outbox") { $0.string(0) ?? "" } }
        #expect(kept.count == 8 * 40 && kept.allSatisfy { Int($0.split(separator: "-")[1])! % 5 != 4 })
    }

    @Test func aFileThatIsNotADatabaseIsRefused() throws {
        let path = temporaryDatabasePath()
        try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: path))
        #expect(throws: (any Error).self) { try Database(path: path) }
        #expect(throws: SQLiteError.self) { try Database(path: "/nonexistent/folder/x.sqlite") }
    }

    @Test func manyReadersAndOneWriterNeverSeeBusy() throws {
        let database = try makeDatabase(readers: 4)
        let store = try makeStore(database)
        let id = try store.newSession(app: "a", state: [0], now: 1)
        let failures = FailureLog()
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            for version in 1...300 {
                do {
                    guard case .saved = try store.transaction({ try $0.sessions.save(id: id, state: Array(repeating: UInt8(version % 256), count: 2048), expectedVersion: version, now: 2) }) else {
                        failures.add("save \(version) lost a race it cannot lose")
                        return
                    }
                } catch { failures.add("\(error)") }
            }
        }
        for _ in 0..<6 {
            DispatchQueue.global().async(group: group) {
                for _ in 0..<300 {
                    do {
                        guard let record = try store.read({ try $0.sessions.load(id: id, now: 3) }), record.state.allSatisfy({ $0 == record.state[0] }) else {
                            failures.add("a reader saw a missing or torn state")
                            return
                        }
                    } catch { failures.add("\(error)") }
                }
            }
        }
        group.wait()
        #expect(failures.lines.isEmpty, "\(failures.lines.prefix(3))")
        #expect(try store.read { try $0.sessions.load(id: id, now: 4) }?.version == 301)
    }
}

/// Failures collected from many threads; the lock is what makes it Sendable.
final class FailureLog: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [String] = []

    func add(_ line: String) { lock.withLock { collected.append(line) } }
    var lines: [String] { lock.withLock { collected } }
}
