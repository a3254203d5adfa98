import Foundation
import SQLiteStore
import Testing

/// A child process commits as fast as it can and is killed with SIGKILL at a random moment, 20
/// times over one file; after each kill every commit it acknowledged is there and the file
/// passes `PRAGMA integrity_check`.
@Suite(.serialized) struct CrashTests {
    static func writerExecutable() throws -> URL {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(".build/debug"),
        ]
        for folder in candidates {
            let url = folder.appendingPathComponent("sqlite-crash-writer")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "sqlite-crash-writer next to the tests"])
    }

    @Test func acknowledgedCommitsSurviveSIGKILL() throws {
        let path = temporaryDatabasePath()
        _ = try Database(path: path)
        let executable = try Self.writerExecutable()
        var generator = SystemRandomNumberGenerator()
        var next = 0
        var acknowledged = 0
        for round in 1...20 {
            let process = Process()
            process.executableURL = executable
            process.arguments = [path, String(next)]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            usleep(UInt32.random(in: 30_000...250_000, using: &generator))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            #expect(process.terminationReason == .uncaughtSignal, "round \(round): the writer was not killed")

            let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let numbers = printed.split(separator: "\n").compactMap { Int($0) }
            let database = try Database(path: path)
            let stored = Set(try database.read { try $0.query("SELECT detail FROM events WHERE app = 'crash'") { $0.string(0) ?? "" } }
                .compactMap { Int($0.split(separator: " ").first ?? "") })
            let missing = numbers.filter { !stored.contains($0) }
            #expect(missing.isEmpty, "round \(round): acknowledged but lost: \(missing.prefix(5))")
            let integrity = try database.withWriter { try $0.queryFirst("PRAGMA integrity_check") { $0.string(0) } }
            #expect(integrity == "ok", "round \(round)")
            acknowledged += numbers.count
            next = (stored.max() ?? next) + 1
        }
        #expect(acknowledged > 20, "the writer acknowledged too few commits to test anything")
    }
}
