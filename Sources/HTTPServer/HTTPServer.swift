#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Dispatch
import Synchronization

/// An HTTP/1.1 origin server on Dispatch sources and non-blocking sockets: no thread per
/// connection; connections are shared out among as many event loops as there are cores, each
/// a serial queue watching its connections' sockets (``EventLoopBackend``).
public final class HTTPServer: Sendable {
    /// The configuration it was created with.
    public let configuration: ServerConfiguration
    /// How its event loops watch sockets: the configuration's, else `FLOWPAGES_EVENT_LOOP`'s.
    public let eventLoopBackend: EventLoopBackend
    private let router: any Responding
    private let loops: [any EventLoop]
    private let handlers: HandlerPool
    private let acceptQueue = DispatchQueue(label: "flowpages.accept")
    /// One `enter` per open connection, so shutdown can wait for them.
    private let open = DispatchGroup()
    private let idPrefix = String(UInt16.random(in: .min ... .max), radix: 16)
    private let stopping = StopFlag()

    private struct State {
        var port: Int?
        var acceptSource: DispatchSourceRead?
        var connections: [Int: Connection] = [:]
        /// Open connections by client address, of those in ``counted``.
        var perAddress: [String: Int] = [:]
        /// The connections that count against their address's limit: still taking requests.
        var counted: Set<Int> = []
        /// Connections asked to close to make room, not counted against the limit any more.
        var evicting: Set<Int> = []
        var nextID = 1
        var stopping = false
    }

    /// The listener, its accept source and the open connections; the lock is what makes the
    /// accept queue, the connection queues and shutdown safe to touch them from.
    private let state = Mutex(State())

    /// Creates a server answering with `router`, its event loops ready.
    /// - Throws: ``EventLoopBackend/Unavailable`` when `FLOWPAGES_EVENT_LOOP` (or the
    ///   configuration) names a backend this build does not have; `HTTPError` when the system
    ///   gives no epoll descriptor.
    public init(configuration: ServerConfiguration = ServerConfiguration(), router: any Responding) throws {
        let backend = try configuration.eventLoop ?? EventLoopBackend.fromEnvironment()
        let cores = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        var loops: [any EventLoop] = []
        do {
            for index in 0..<cores { loops.append(try backend.makeLoop(label: "flowpages.loop.\(index)")) }
        } catch {
            for loop in loops { loop.stop() }
            throw error
        }
        self.configuration = configuration
        self.eventLoopBackend = backend
        self.router = router
        self.loops = loops
        self.handlers = HandlerPool(
            width: max(1, configuration.handlerThreads), parallelism: configuration.handlersAtOnce ?? 2 * cores, patience: configuration.handlerPatience
        )
    }

    deinit {
        // A server never started (or never shut down) still gives its loops' descriptors back.
        for loop in loops { loop.stop() }
    }

    /// The port it listens on, once started.
    public var port: Int? { state.withLock { $0.port } }

    /// The number of open connections.
    public var connectionCount: Int { state.withLock { $0.connections.count } }

    /// Starts listening and accepting.
    /// - Returns: the port listened on (useful with port 0).
    /// - Throws: when the address cannot be bound, with the system's reason.
    @discardableResult
    public func start() throws -> Int {
        let (fd, port) = try Socket.listen(host: configuration.host, port: configuration.port)
        state.withLock { state in
            let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: acceptQueue)
            source.setEventHandler { [self] in acceptClients(from: fd) }
            source.setCancelHandler { Socket.close(fd) }
            source.resume()
            state.port = port
            state.acceptSource = source
        }
        return port
    }

    private func acceptClients(from listener: Int32) {
        let context = ConnectionContext(
            configuration: configuration, router: router, handlers: handlers, idPrefix: idPrefix, stopping: stopping,
            onWindingDown: { [self] id in
                state.withLock { state in
                    guard let connection = state.connections[id] else { return }
                    Self.uncount(connection, in: &state)
                }
            },
            onClose: { [self] id in
                state.withLock { state in
                    guard let connection = state.connections.removeValue(forKey: id) else { return }
                    state.evicting.remove(id)
                    Self.uncount(connection, in: &state)
                }
                open.leave()
            }
        )
        while let result = Socket.accept(listener) {
            let client: Socket.Accepted
            switch result {
            case .success(let accepted):
                client = accepted
            case .failure(let failure):
                // Out of descriptors: pause accepting briefly rather than spin on the same error.
                configuration.log("\(failure); pausing accepts for 100 ms")
                state.withLock { $0.acceptSource?.suspend() }
                acceptQueue.asyncAfter(deadline: .now() + .milliseconds(100)) { [self] in
                    state.withLock { $0.acceptSource?.resume() }
                }
                return
            }
            let (connection, evicted): (Connection?, Connection?) = state.withLock { state in
                guard !state.stopping else { return (nil, nil) }
                let perAddressLimit = configuration.maximumConnectionsPerAddress
                if perAddressLimit > 0, state.perAddress[client.address, default: 0] >= perAddressLimit { return (nil, nil) }
                var evicted: Connection?
                if state.connections.count - state.evicting.count >= configuration.maximumConnections {
                    guard let slowest = Self.slowest(in: state) else { return (nil, nil) }
                    state.evicting.insert(slowest.id)
                    evicted = slowest
                }
                let loop = loops[state.nextID % loops.count]
                let connection = Connection(id: state.nextID, client: client, context: context, loop: loop)
                state.nextID += 1
                state.connections[connection.id] = connection
                state.perAddress[client.address, default: 0] += 1
                state.counted.insert(connection.id)
                return (connection, evicted)
            }
            guard let connection else {
                refuseOverCapacity(client.fd)
                continue
            }
            if let evicted {
                evicted.evict { [self] in _ = state.withLock { $0.evicting.remove(evicted.id) } }
            }
            open.enter()
            connection.start()
        }
    }

    /// Stops counting `connection` against its address's limit, once.
    private static func uncount(_ connection: Connection, in state: inout State) {
        guard state.counted.remove(connection.id) != nil else { return }
        let left = state.perAddress[connection.address, default: 1] - 1
        state.perAddress[connection.address] = left > 0 ? left : nil
    }

    /// The connection that has waited longest for its client to send a whole request (a slow
    /// or idle client), not already on its way out; nil when every one is busy answering.
    private static func slowest(in state: State) -> Connection? {
        var oldest: (connection: Connection, since: UInt64)?
        for connection in state.connections.values where !state.evicting.contains(connection.id) {
            let since = connection.waitingSince.load(ordering: .relaxed)
            if since != 0, since < oldest?.since ?? .max { oldest = (connection, since) }
        }
        return oldest?.connection
    }

    /// Answers a connection over the limit with 503 and closes it, best effort, without blocking.
    private func refuseOverCapacity(_ fd: Int32) {
        var response = HTTPResponse.text("The server is at its connection limit; try again shortly.\n", status: .serviceUnavailable)
        response.headers.add("Retry-After", "1")
        let bytes = response.serialized(for: .get, version: .http1_1, keepAlive: false, requestID: "\(idPrefix)-refused", date: HTTPDate.format(Int(time(nil))))
        _ = bytes.withUnsafeBytes { Socket.send(fd, $0) }
        Socket.shutdownWriting(fd)
        // What the client already sent is read first: closing with it unread would reset the
        // connection, and the reset can destroy the 503 before the client reads it.
        var discard = [UInt8](repeating: 0, count: 4096)
        while let count = discard.withUnsafeMutableBytes({ Socket.receive(fd, into: $0) }), count > 0 {}
        Socket.close(fd)
    }

    /// Stops gracefully: no new connections, in-flight requests answered, idle connections
    /// closed; after ``ServerConfiguration/shutdownTimeout`` whatever is left is closed.
    /// Blocks until done.
    public func shutdown() {
        stopping.set()
        let connections: [Connection] = state.withLock { state in
            state.stopping = true
            state.acceptSource?.cancel()
            state.acceptSource = nil
            return Array(state.connections.values)
        }
        for connection in connections { connection.beginShutdown() }
        let timeout = DispatchTime.now() + .nanoseconds(configuration.shutdownTimeout.nanoseconds)
        if open.wait(timeout: timeout) == .timedOut {
            let left = state.withLock { Array($0.connections.values) }
            configuration.log("shutdown: closing \(left.count) connection(s) still open after \(configuration.shutdownTimeout)")
            for connection in left { connection.queue.async { connection.close() } }
            _ = open.wait(timeout: .now() + .seconds(1))
        }
        handlers.stop()
        for loop in loops { loop.stop() }
    }
}
