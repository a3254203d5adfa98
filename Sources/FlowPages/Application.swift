#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Dispatch
import HTTPServer

/// FlowPages as a running service: the routes it answers and how it starts and stops.
public enum Application {
    /// The routes served: `/_health`, then the files of `publicFolder`.
    public static func router(publicFolder: String) throws -> Router {
        let files = try StaticFiles(root: publicFolder)
        var router = Router()
        router.get("/_health") { _ in
            HTTPResponse(.ok, headers: HTTPHeaders([("Content-Type", "application/json"), ("Cache-Control", "no-store")]),
                         body: Array(#"{"status":"ok"}"#.utf8))
        }
        router.mount("/", methods: [.get], files.respond)
        return router
    }

    /// Serves until SIGINT or SIGTERM, then shuts down gracefully and exits 0.
    public static func serve(configuration: ServerConfiguration, publicFolder: String) throws -> Never {
        let server = HTTPServer(configuration: configuration, router: try router(publicFolder: publicFolder))
        let port = try server.start()
        configuration.log("FlowPages serving \(publicFolder) on http://\(configuration.host):\(port)/ (Ctrl-C stops)")
        let signals = DispatchQueue(label: "flowpages.signals")
        var sources: [DispatchSourceSignal] = []
        for number in [SIGINT, SIGTERM] {
            // The default action would end the process at once; the source handles it instead.
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: signals)
            source.setEventHandler {
                configuration.log("shutting down: finishing in-flight requests")
                server.shutdown()
                configuration.log("stopped")
                exit(0)
            }
            source.resume()
            sources.append(source)
        }
        signal(SIGPIPE, SIG_IGN)
        withExtendedLifetime(sources) {
            dispatchMain()
        }
    }
}
