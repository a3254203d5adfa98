import FlowPagesTestSupport
import Foundation
#if canImport(Glibc)
import Glibc
#else
import Darwin
import FlowPagesTestSupport
#endif

/// A real nginx (Debian's `nginx-light` or `nginx`, which `.ci/run` installs) on 127.0.0.1 in
/// front of a live server, run as the current user from a temporary prefix, in the foreground
/// and as one process, and stopped when released.
final class LiveNginx {
    /// Where nginx is looked for.
    static let candidates = ["/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/local/bin/nginx", "/opt/homebrew/bin/nginx"]
    /// Whether this machine has nginx: without it (a plain `swift test`) the proxy tests are skipped.
    static let isInstalled = candidates.contains { FileManager.default.isExecutableFile(atPath: $0) }

    let port: Int
    private let process: Process
    private let prefix: URL

    /// A port that was free a moment ago, for a server that cannot be told to pick one (nginx).
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EADDRINUSE) }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Starts nginx on `port`, passing every request to `upstream` with `proxy_pass` and the
    /// `location` directives given (none: nginx's defaults, which rewrite `Host`).
    /// - Throws: When nginx is not installed, or does not answer within 10 s (with its error log).
    convenience init(port: Int, upstream: Int, directives: String = "") throws {
        try self.init(port: port) { _ in
            """
            server {
                listen 127.0.0.1:\(port);
                location / {
                    proxy_pass http://127.0.0.1:\(upstream);
                    \(directives)
                }
            }
            """
        }
    }

    /// Starts nginx on `port` with the shipped `Docs/deploy/nginx.conf` in its `http` block,
    /// with only the lines it marks changed: `upstreams` for its one server, the cache in this
    /// nginx's folder (``cacheFolder``), and the port.
    static func deployed(port: Int, upstreams: [Int]) throws -> LiveNginx {
        let file = LiveApp.repository.appendingPathComponent("Docs/deploy/nginx.conf")
        let shipped = try String(contentsOf: file, encoding: .utf8)
        return try LiveNginx(port: port) { prefix in
            var configuration = shipped
            for (line, replacement) in [
                ("server 127.0.0.1:8080;", upstreams.map { "server 127.0.0.1:\($0);" }.joined(separator: " ")),
                ("/var/cache/nginx/flowpages", prefix + "/cache"),
                ("listen 80;", "listen 127.0.0.1:\(port);"),
            ] {
                guard configuration.contains(line) else { throw Failure("Docs/deploy/nginx.conf no longer has `\(line)`, which the tests change") }
                configuration = configuration.replacingOccurrences(of: line, with: replacement)
            }
            return configuration
        }
    }

    /// Where ``deployed(port:upstreams:)`` keeps its cache.
    var cacheFolder: URL { prefix.appendingPathComponent("cache") }

    /// Starts nginx on `port` with what `http(prefix)` writes inside its `http` block.
    private init(port: Int, http: (String) throws -> String) throws {
        guard let nginx = Self.candidates.first(where: FileManager.default.isExecutableFile(atPath:)) else {
            throw Failure("nginx is not installed (looked in \(Self.candidates.joined(separator: ", "))): install it with "
                + "`apt-get install nginx-light` (Debian), as .ci/run does, then run the tests again")
        }
        self.port = port
        prefix = FileManager.default.temporaryDirectory.appendingPathComponent("nginx-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: prefix, withIntermediateDirectories: true)
        let path = prefix.path
        let configuration = """
            daemon off;
            master_process off;
            worker_processes 1;
            pid \(path)/nginx.pid;
            error_log \(path)/error.log warn;
            events { worker_connections 256; }
            http {
                access_log off;
                client_body_temp_path \(path)/body;
                proxy_temp_path \(path)/proxy;
                fastcgi_temp_path \(path)/fastcgi;
                uwsgi_temp_path \(path)/uwsgi;
                scgi_temp_path \(path)/scgi;
            \(try http(path))
            }
            """
        try Data(configuration.utf8).write(to: prefix.appendingPathComponent("nginx.conf"))
        process = Process()
        process.executableURL = URL(fileURLWithPath: nginx)
        // -e: the error log before the configuration names one (the default is under /var/log).
        process.arguments = ["-p", path + "/", "-c", path + "/nginx.conf", "-e", path + "/error.log"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(10)
        while !Self.accepts(port) {
            guard process.isRunning, Date() < deadline else {
                let log = (try? String(contentsOf: prefix.appendingPathComponent("error.log"), encoding: .utf8)) ?? ""
                stop()
                throw Failure("nginx did not start on 127.0.0.1:\(port): \(log)")
            }
            usleep(20_000)
        }
    }

    /// Stops nginx and removes its prefix.
    func stop() {
        if process.isRunning {
            // Not SIGTERM: nginx inherits the signal mask of the Dispatch thread that started
            // it, which blocks SIGTERM, and as a single process nginx never unblocks it.
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: prefix)
    }

    deinit {
        stop()
    }

    private static func accepts(_ port: Int) -> Bool {
        guard let fd = connectToLoopback(port: port) else { return false }
        close(fd)
        return true
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
