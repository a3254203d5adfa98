import FlowPagesTestSupport
import FlowStore
import Foundation
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// A `flowpages serve` process of this build (`.build/debug/flowpages`, which `swift test`
/// builds) on a port it picks, serving the repository's apps over `database`; its output goes to
/// a file, and it is stopped when released. `arguments` are added to the command line.
final class ServeProcess {
    let port: Int
    private let process: Process
    let log: URL

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    init(database: String, arguments: [String] = []) throws {
        let binary = LiveApp.repository.appendingPathComponent(".build/debug/flowpages")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw Failure(description: "\(binary.path) is missing: build it with `swift build` (`swift test` builds it too)")
        }
        log = FileManager.default.temporaryDirectory.appendingPathComponent("serve-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let output = try FileHandle(forWritingTo: log)
        process = Process()
        process.executableURL = binary
        process.arguments = [
            "serve", "--port", "0", "--db", database, "--connections-per-address", "0",
            "--views", LiveApp.repository.appendingPathComponent("Views").path, "--public", LiveApp.repository.appendingPathComponent("Public").path,
        ] + arguments
        // Every instance of one database shares its key, which the database does not hold.
        process.environment = ProcessInfo.processInfo.environment.merging(["FLOWPAGES_SECRET_KEY": TestStore.postgresKey.text]) { _, key in key }
        process.standardOutput = output
        process.standardError = output
        try process.run()
        // It says where it listens once its apps are loaded and seeded (fixture passwords take a
        // real hash each).
        let deadline = Date(timeIntervalSinceNow: 60)
        var found: Int?
        while found == nil, Date() < deadline, process.isRunning {
            usleep(50_000)
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            if let range = text.range(of: #"on http://127\.0\.0\.1:([0-9]+)/"#, options: .regularExpression) {
                found = Int(text[range].split(separator: ":").last!.dropLast())
            }
        }
        guard let found else {
            process.terminate()
            throw Failure(description: "flowpages serve did not start: \((try? String(contentsOf: log, encoding: .utf8)) ?? "")")
        }
        port = found
    }

    /// The process's id, for a signal sent from elsewhere (`kill(pid, SIGKILL)`, as a machine
    /// going away: nothing of it runs after that).
    var processIdentifier: Int32 { process.processIdentifier }

    /// Waits until the process has ended.
    func waitForExit() {
        process.waitUntilExit()
    }

    /// What it wrote to its output.
    var output: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }
}

/// Runs `body(0)` … `body(count - 1)` each on a thread of its own, all at once, and returns when
/// every one has: unlike `concurrentPerform`, which runs as many at once as there are cores, a
/// body that waits for another cannot starve it.
func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let group = DispatchGroup()
    for index in 0..<count {
        group.enter()
        Thread.detachNewThread {
            body(index)
            group.leave()
        }
    }
    group.wait()
}
