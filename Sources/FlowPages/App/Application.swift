#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import CMalloc
import Dispatch
import FlowStore
import HTTPServer
import PostgresStore
import SQLiteStore

/// FlowPages as a running service: the routes it answers and how it starts and stops.
public enum Application {
    /// The routes every host answers: `/_health`.
    static func router() -> Router {
        var router = Router()
        router.get("/_health") { _ in
            HTTPResponse(.ok, headers: HTTPHeaders([("Content-Type", "application/json"), ("Cache-Control", "no-store")]),
                         body: Array(#"{"status":"ok"}"#.utf8))
        }
        return router
    }

    /// Has glibc's allocator keep memory a request freed for the next one. By default each handler
    /// thread's arena gives its top back to the system as soon as a page's buffers are freed, and
    /// takes it again for the next page: an madvise and a TLB shootdown across cores per request,
    /// a fifth of a results page's time. Measured: 2,800 → 3,350 results pages/s.
    private static func keepFreedMemory() {
        cmalloc_keep_freed_memory(32 << 20, 32 << 20)
    }

    /// Serves the apps of `options.views` until SIGINT or SIGTERM, then shuts down gracefully
    /// and exits 0. The database at `options.databasePath` is created and migrated if needed.
    /// - Parameter workshop: The tools mounted beside each app's pages (``Workshop``); none serves
    ///   the apps alone.
    public static func serve(_ options: ServeOptions, workshop: (any Workshop)? = nil) throws -> Never {
        keepFreedMemory()
        // Read before the store is opened: a mistyped FLOWPAGES_EVENT_LOOP leaves nothing behind.
        _ = try EventLoopBackend.fromEnvironment()
        let configuration = options.serverConfiguration
        let appHosts = options.appHosts
        let eventRetentionDays = options.eventRetentionDays
        let store = try openStore(options)
        let linkCounters = LinkCounters(store: store)
        let eventBudget = EventBudget(counters: linkCounters)
        let build: @Sendable () throws -> WebApplication = {
            try WebApplication(views: options.views, layouts: options.layouts, publicFolder: options.publicFolder, store: store, appHosts: appHosts,
                               prototype: options.prototype == .on,
                               auditKey: options.prototype == .audit ? options.auditKey : nil, listenHost: options.host, appBanner: options.appBanner, publicOrigins: options.publicOrigins,
                               publicCache: options.publicCache, linkCounters: linkCounters, eventBudget: eventBudget, workshop: workshop)
        }
        let web: WebApplication
        let router: any Responding
        if options.watchesViews {
            // Shared layouts kept outside the views folder are the author's too when given.
            let watched = [options.views] + (options.layouts.map { [$0] } ?? [])
            let live = try LiveViews(watching: watched, log: { configuration.log($0) }, build: build)
            configuration.log("watching \(watched.joined(separator: " and ")) for changes (--watch off to stop)")
            (web, router) = (live.current, live)
        } else {
            web = try build()
            router = web.router
        }
        for problem in web.problems { configuration.log("not served: \(problem)") }
        let server = try HTTPServer(configuration: configuration, router: router)
        let housekeeping = Housekeeping(store: store, linkCounters: linkCounters, eventRetentionDays: eventRetentionDays, log: configuration.log)
        let timers = housekeeping.start()
        let port = try server.start()
        let apps = (web.appIDs.map { "/\($0)/" } + appHosts.sorted { $0.key < $1.key }.map { "\($0.value) at http://\($0.key)/" })
            .joined(separator: ", ")
        configuration.log("FlowPages serving \(apps.isEmpty ? "no apps" : apps) on http://\(configuration.host):\(port)/ (event loop: \(server.eventLoopBackend); Ctrl-C stops)")
        let signals = stopOnSignals(server, housekeeping: housekeeping, log: configuration.log)
        signal(SIGPIPE, SIG_IGN)
        withExtendedLifetime((signals, timers)) {
            dispatchMain()
        }
    }

    /// SIGINT and SIGTERM shut the server down gracefully (in-flight requests finish, the link
    /// counts are written) and exit 0; handled while the returned sources are kept.
    private static func stopOnSignals(_ server: HTTPServer, housekeeping: Housekeeping, log: @escaping @Sendable (String) -> Void) -> [any DispatchSourceSignal] {
        let queue = DispatchQueue(label: "flowpages.signals")
        return [SIGINT, SIGTERM].map { number in
            // The default action would end the process at once; the source handles it instead.
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler {
                log("shutting down: finishing in-flight requests")
                server.shutdown()
                housekeeping.flushLinkCounts()
                log("stopped")
                exit(0)
            }
            source.resume()
            return source
        }
    }

    /// The store `options` name: a SQLite file, or a shared PostgreSQL database.
    static func openStore(_ options: ServeOptions) throws -> any WebStore {
        let key = try options.storeKey(log: options.serverConfiguration.log)
        if options.isPostgres {
            let database = try PostgresDatabase(url: options.databasePath, maximumConnections: options.databaseConnections)
            options.serverConfiguration.log("keeping sessions and data in PostgreSQL at \(database.location)")
            return PostgresWebStore(database: database, key: key)
        }
        let durability: SQLiteStore.Durability = switch options.durability {
        case .full: .full
        case .normal: .normal
        }
        return SQLiteWebStore(database: try Database(path: options.databasePath, durability: durability), key: key)
    }
}
