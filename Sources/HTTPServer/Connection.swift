#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Dispatch
import Synchronization

/// What every connection of a server shares.
struct ConnectionContext: Sendable {
    let configuration: ServerConfiguration
    let router: any Responding
    /// Where handlers that may block run.
    let handlers: HandlerPool
    /// Makes request ids unique across restarts.
    let idPrefix: String
    /// Set when the server begins shutting down, read by responses being written right now.
    let stopping: StopFlag
    /// Told once a connection will take no more requests (its last response is queued, or its
    /// client finished sending): it no longer counts against its address's limit, so a client
    /// reconnecting at once (after the requests-per-connection limit) is not refused.
    let onWindingDown: @Sendable (Int) -> Void
    let onClose: @Sendable (Int) -> Void
}

/// A flag set once, read from any thread; the atomic is what makes it Sendable.
final class StopFlag: Sendable {
    private let value = Atomic<Bool>(false)

    var isSet: Bool { value.load(ordering: .acquiring) }

    func set() {
        value.store(true, ordering: .releasing)
    }
}

/// One client connection: reads feed the parser, complete requests are answered in order (so
/// pipelining works), responses are written without blocking, and timers cut off slow or idle
/// clients.
///
/// Its socket is watched for reading by its ``EventLoop``, whose queue is its own.
///
/// `@unchecked Sendable`: every mutable property is read and written only on `queue`, its loop's
/// serial queue; that confinement is what makes handing the object to other threads sound.
final class Connection: @unchecked Sendable {
    /// Phases only move forward: a closed connection is never reopened by a late answer.
    enum Phase: Int, Comparable {
        /// Reading and answering requests.
        case open
        /// Sending the last response, then half-closing.
        case closing
        /// Half-closed: discarding what the client still sends until it closes, so the last
        /// response is not lost to a reset (RFC 9112 §9.6).
        case draining
        case closed

        static func < (lhs: Phase, rhs: Phase) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    let id: Int
    let fd: Int32
    /// The client's address (an IPv6 client's /64), for the per-address limit.
    let address: String
    /// The peer's 16 bytes, to tell a trusted proxy.
    let peer: [UInt8]
    let queue: DispatchQueue
    let loop: EventLoop
    let context: ConnectionContext
    var parser: RequestParser
    private(set) var phase = Phase.open
    /// Why reading is paused; empty while the loop watches the socket.
    var readPauses: ReadPauses = []
    var writeSource: DispatchSourceWrite?
    var writeSourceRunning = false
    var timer: DispatchSourceTimer?
    /// When the timer is set to fire. Deadlines mostly move later, so the timer is moved only
    /// when one moves earlier; firing early just re-arms it. That keeps timer changes (and their
    /// system calls) off the path of every request.
    var armedDeadline: ContinuousClock.Instant?
    var outbox: [UInt8] = []
    var outboxSent = 0
    var served = 0
    /// When the current request's first byte (or, once its head is in, its body) started arriving.
    var requestStarted: ContinuousClock.Instant?
    /// Whether a request is being answered off this queue by a handler that may block; the
    /// requests pipelined behind it wait, so responses keep their order. While it is set the
    /// descriptor stays open, whatever the client does, so its number cannot be handed to
    /// another connection before the answer is dropped.
    var awaitingHandler = false
    /// Whether the descriptor was closed and the server told; it happens once.
    var released = false
    /// Since when (`DispatchTime` nanoseconds) the connection has been waiting for its client to
    /// send a whole request, or 0 while it is busy answering. Read by the server, from another
    /// queue, to evict the slowest connection when it is full.
    let waitingSince: Atomic<UInt64>
    var lastActivity = ContinuousClock.now
    var drainDeadline = ContinuousClock.now
    var openSources = 0
    /// Reused by every read, so reading allocates nothing.
    var readBuffer = [UInt8](repeating: 0, count: Connection.readSize)
    /// The `Date` value of the current second, formatted once per second.
    var date = (second: 0, text: "")

    /// Bytes waiting to be sent beyond which reading pauses, so a client that pipelines requests
    /// without reading responses cannot make the server buffer without end.
    static let outboxLimit = 1024 * 1024
    static let drainTime: Duration = .seconds(2)
    static let readSize = 16 * 1024

    init(id: Int, client: Socket.Accepted, context: ConnectionContext, loop: EventLoop) {
        self.id = id
        self.fd = client.fd
        self.peer = client.peer
        self.address = client.address
        self.waitingSince = Atomic(DispatchTime.now().uptimeNanoseconds)
        self.context = context
        self.parser = RequestParser(limits: context.configuration.limits)
        self.loop = loop
        self.queue = loop.queue
    }

    /// Starts reading; the connection lives until it closes itself.
    func start() {
        queue.async { [self] in
            // The loop's watch counts as a source, let go of in `close()`.
            openSources += 1
            guard loop.add(self) else {
                // Never watched: nothing to unwatch, so `close()` only lets go.
                readPauses = .unwatched
                close()
                return
            }
            let timer = DispatchSource.makeTimerSource(queue: queue)
            timer.setEventHandler { [self] in timerFired() }
            self.timer = timer
            rearmTimer()
            timer.resume()
        }
    }

    /// Closes the connection if it is still only waiting for its client, to make room for
    /// another; a connection that began answering meanwhile is left alone and says so.
    func evict(declined: @escaping @Sendable () -> Void) {
        queue.async { [self] in
            guard phase == .open, !awaitingHandler, outboxSent == outbox.count else {
                declined()
                return
            }
            close()
        }
    }

    /// Asks the connection to close once its in-flight request is answered.
    func beginShutdown() {
        queue.async { [self] in
            if phase == .open, !parser.hasPartialRequest, outboxSent == outbox.count, !awaitingHandler {
                close()
            }
        }
    }

    /// Reads what the client sent and answers what it completes; the loop calls it when the
    /// socket is readable.
    func readAvailable() {
        guard let count = readBuffer.withUnsafeMutableBytes({ Socket.receive(fd, into: $0) }) else {
            close()
            return
        }
        if count < 0 { return }
        if count == 0 {
            // The client finished sending: send what is already answered, then close. Reading
            // pauses, since the end of the stream would be reported again and again.
            guard phase == .open || phase == .closing, outboxSent < outbox.count || awaitingHandler else {
                close()
                return
            }
            advance(to: .closing)
            pauseReading(.clientFinished)
            return
        }
        lastActivity = .now
        guard phase == .open else { return }
        if !parser.hasPartialRequest { requestStarted = .now }
        parser.append(readBuffer[..<count])
        if awaitingHandler, parser.unconsumedCount >= handlerReadLimit { pauseReading(.handlerAtWork) }
        answerRequests()
    }

    /// Answers every complete request in the parser, in order.
    func answerRequests() {
        let wasReadingBody = parser.isReadingBody
        do {
            while phase == .open, !awaitingHandler, let output = try parser.next() {
                switch output {
                case .expectContinue:
                    enqueue(Array("HTTP/1.1 100 Continue\r\n\r\n".utf8))
                case .request(let parsed):
                    answer(parsed)
                    requestStarted = parser.hasPartialRequest ? .now : nil
                }
            }
            if !wasReadingBody, parser.isReadingBody { requestStarted = .now }
        } catch {
            refuse(status: error.status, reason: error.reason)
        }
        flush()
        rearmTimer()
    }

    private func answer(_ parsed: ParsedRequest) {
        let requestID = nextRequestID()
        let started = requestStarted ?? .now
        let request: HTTPRequest
        do {
            var read = try HTTPRequest(
                method: parsed.method, target: parsed.target, version: parsed.version,
                headers: parsed.headers, body: parsed.body, id: requestID
            )
            let proxies = context.configuration.trustedProxies
            read.clientAddress = proxies.isEmpty ? address
                : ClientAddress.resolve(peer: peer, forwardedFor: parsed.headers.values("X-Forwarded-For"), trusted: proxies)
            request = read
        } catch {
            finish(parsed, id: requestID, path: parsed.target, started: started, response: .text(error.message + "\n", status: error.status))
            return
        }
        let responder = context.router.responder(for: request)
        guard responder.mayBlock else {
            finish(parsed, id: requestID, path: request.path, started: started, response: responder.respond())
            return
        }
        awaitingHandler = true
        let queued = ContinuousClock.now
        let waitLimit = context.configuration.handlerWaitLimit
        context.handlers.submit { [self] in
            // The handler's own deadline: one that waited too long for a thread is not run,
            // and its client is told to come back, rather than being cut off by a timer.
            let response = ContinuousClock.now - queued > waitLimit ? Self.busy() : responder.respond()
            queue.async { [self] in
                handlerReturned(parsed, id: requestID, path: request.path, started: started, response: response)
            }
        }
    }

    private func handlerReturned(_ parsed: ParsedRequest, id requestID: String, path: String, started: ContinuousClock.Instant, response: HTTPResponse) {
        awaitingHandler = false
        // What arrived meanwhile is parsed next; what is still to come can be read again.
        resumeReading(.handlerAtWork)
        guard phase != .closed else {
            // The client went away meanwhile: the answer has nowhere to go.
            context.configuration.accessLog?(AccessLogEntry(
                requestID: requestID, method: parsed.method, path: path, status: 499, bytes: 0, duration: .now - started
            ))
            releaseIfDone()
            return
        }
        finish(parsed, id: requestID, path: path, started: started, response: response)
        answerRequests()
    }

    /// The answer to a request that waited too long for a handler thread.
    static func busy() -> HTTPResponse {
        var response = HTTPResponse.text("The server is busy; try again shortly.\n", status: .serviceUnavailable)
        response.headers.add("Retry-After", "2")
        return response
    }

    private func finish(_ parsed: ParsedRequest, id requestID: String, path: String, started: ContinuousClock.Instant, response: HTTPResponse) {
        // Decided after the handler ran: a shutdown that began meanwhile closes this connection.
        let keepAlive = parsed.keepAlive && !context.stopping.isSet && served < context.configuration.maximumRequestsPerConnection
        send(response, id: requestID, method: parsed.method, version: parsed.version, path: path, keepAlive: keepAlive, started: started)
    }

    /// Answers a request that cannot be served and closes: the framing of what follows is unknown.
    private func refuse(status: HTTPStatus, reason: String) {
        send(.text(reason + "\n", status: status), id: nextRequestID(), method: HTTPMethod("-"), version: .http1_1, path: "-", keepAlive: false,
             started: requestStarted ?? .now)
    }

    private func nextRequestID() -> String {
        served += 1
        return "\(context.idPrefix)-\(id)-\(served)"
    }

    /// Queues a response and logs it; without keep-alive the connection closes after it.
    private func send(
        _ response: HTTPResponse, id requestID: String, method: HTTPMethod, version: HTTPVersion, path: String, keepAlive: Bool,
        started: ContinuousClock.Instant
    ) {
        let bytes = response.serialized(for: method, version: version, keepAlive: keepAlive, requestID: requestID, date: currentDate())
        enqueue(bytes)
        context.configuration.accessLog?(AccessLogEntry(
            requestID: requestID, method: method, path: path, status: response.status.code,
            bytes: bytes.count, duration: .now - started
        ))
        if !keepAlive { advance(to: .closing) }
    }

    private func currentDate() -> String {
        let now = Int(time(nil))
        if now != date.second {
            date = (now, HTTPDate.format(now))
        }
        return date.text
    }

    private func timerFired() {
        armedDeadline = nil
        let now = ContinuousClock.now
        guard let deadline = currentDeadline(), now >= deadline else {
            rearmTimer()
            return
        }
        switch phase {
        case .open where requestStarted != nil:
            refuse(status: .requestTimeout, reason: "The request took too long to arrive.")
            flush()
            rearmTimer()
        case .open where !readingPaused && Socket.hasInput(fd):
            // Bytes arrived whose read event has not run yet (a busy machine): the client is not
            // idle, and closing with them unread would reset the connection.
            readAvailable()
        case .open, .closing, .draining:
            close()
        case .closed:
            break
        }
    }

    private func currentDeadline() -> ContinuousClock.Instant? {
        let configuration = context.configuration
        switch phase {
        case .closed: return nil
        case .draining: return drainDeadline
        // A handler at work answers in its own time (see `handlerWaitLimit`): it is not the
        // client being idle, a client that finished sending still gets the answer, and what is
        // pipelined behind it waits its turn. The timer is set again once it answers.
        case .open where awaitingHandler, .closing where awaitingHandler: return nil
        case .closing: return lastActivity + configuration.idleTimeout
        case .open: return requestStarted.map { $0 + configuration.headerTimeout } ?? lastActivity + configuration.idleTimeout
        }
    }

    func rearmTimer() {
        let isWaiting = phase == .open && !awaitingHandler && outboxSent == outbox.count
        if isWaiting != (waitingSince.load(ordering: .relaxed) != 0) {
            waitingSince.store(isWaiting ? DispatchTime.now().uptimeNanoseconds : 0, ordering: .relaxed)
        }
        guard let deadline = currentDeadline() else { return }
        if let armedDeadline, armedDeadline <= deadline { return }
        armedDeadline = deadline
        let delay = max(0, (deadline - .now).nanoseconds)
        timer?.schedule(deadline: .now() + .nanoseconds(delay), leeway: .milliseconds(10))
    }

    /// Moves to a later phase; never back.
    func advance(to next: Phase) {
        guard next > phase else { return }
        if phase == .open { context.onWindingDown(id) }
        phase = next
    }

    /// Stops everything; the socket is closed once the Dispatch sources have let go of it and
    /// no handler is answering on it. Nothing is written after this.
    func close() {
        guard phase != .closed else { return }
        advance(to: .closed)
        waitingSince.store(0, ordering: .relaxed)
        timer?.cancel()
        if !readingPaused { loop.unwatch(self) }
        readPauses = []
        loop.remove(self)
        // Let go of on the queue's next turn, as a cancelled source is: whatever called `close()`
        // may still hold the descriptor in hand.
        queue.async { [self] in sourceCancelled() }
        if let writeSource {
            if !writeSourceRunning { writeSource.resume() }
            writeSourceRunning = true
            writeSource.cancel()
        }
    }

    func sourceCancelled() {
        openSources -= 1
        releaseIfDone()
    }

    /// Closes the descriptor and tells the server, once nothing can use it any more.
    private func releaseIfDone() {
        guard phase == .closed, openSources == 0, !awaitingHandler, !released else { return }
        released = true
        Glibc.close(fd)
        context.onClose(id)
    }
}
