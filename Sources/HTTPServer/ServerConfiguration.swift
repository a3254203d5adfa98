/// How a server listens, what it accepts and how long it waits.
public struct ServerConfiguration: Sendable {
    /// The address to listen on.
    public var host = "127.0.0.1"
    /// The port; 0 lets the system choose one (see ``HTTPServer/port``).
    public var port = 8080
    /// Limits on requests (414, 431, 413).
    public var limits = RequestLimits()
    /// How long a request's head may take to arrive from its first byte, and its body from the
    /// end of the head (408).
    public var headerTimeout: Duration = .seconds(10)
    /// How long an idle keep-alive connection stays open.
    public var idleTimeout: Duration = .seconds(10)
    /// Requests answered on one connection before it is closed.
    public var maximumRequestsPerConnection = 1000
    /// Open connections. When all are taken, the one that has waited longest for its client to
    /// send a whole request is closed to make room; when every one is busy answering, more are
    /// answered 503 and closed.
    public var maximumConnections = 512
    /// Open connections from one client address (an IPv6 /64); more are answered 503 and
    /// closed, so one client cannot take every connection. 0 for no limit (behind a reverse
    /// proxy, every client has the proxy's address).
    public var maximumConnectionsPerAddress = 64
    /// Reverse proxies whose `X-Forwarded-For` names the client of a request they pass on
    /// (``HTTPRequest/clientAddress``); a client elsewhere cannot pretend to be someone else with
    /// the header. Empty: every request's client is its peer.
    public var trustedProxies: [AddressRange] = []
    /// Threads for handlers that may block (database writes, password hashing); requests beyond
    /// them wait their turn.
    public var handlerThreads = 64
    /// How many handler threads run requests at once, not counting requests that have run longer
    /// than ``handlerPatience`` (they wait on something); nil for twice the cores, right for handlers
    /// that mostly compute and read a local file. Handlers that wait on another machine (a
    /// database across the network) want as many as ``handlerThreads``.
    public var handlersAtOnce: Int?
    /// How long a request runs before it no longer counts toward ``handlersAtOnce``, so another
    /// thread is woken for the requests waiting behind it. Longer than a page takes even when the
    /// cores are shared (2 ms let a descheduled render count as slow: 0.93× on two cores).
    public var handlerPatience: Duration = .milliseconds(10)
    /// How long a request may wait for a handler thread before it is answered 503 with
    /// `Retry-After` instead.
    public var handlerWaitLimit: Duration = .seconds(10)
    /// How long a graceful shutdown waits for in-flight requests before closing what is left.
    public var shutdownTimeout: Duration = .seconds(10)
    /// How the event loops watch sockets; nil for the one `FLOWPAGES_EVENT_LOOP` names, else
    /// ``EventLoopBackend/platformDefault`` (see ``EventLoopBackend``).
    public var eventLoop: EventLoopBackend?
    /// Receives one entry per request; nil for no access log.
    public var accessLog: (@Sendable (AccessLogEntry) -> Void)? = { StandardOutput.writeLine($0.description) }
    /// Receives the server's own messages: failures to accept, forced closes.
    public var log: @Sendable (String) -> Void = { StandardOutput.writeLine($0) }

    /// The defaults: 127.0.0.1:8080, 10 s timeouts, 1000 requests a connection, 512 connections,
    /// 64 from one address, 64 handler threads (twice the cores at once, a request over 10 ms not counted), the event loop `FLOWPAGES_EVENT_LOOP` names.
    public init() {}
}

extension Duration {
    var nanoseconds: Int {
        Int(components.seconds) * 1_000_000_000 + Int(components.attoseconds / 1_000_000_000)
    }
}
