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
    let loop: any EventLoop
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

    init(id: Int, client: Socket.Accepted, context: ConnectionContext, loop: any EventLoop) {
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
            // The loop's watch counts as a source, let go of when the loop removes it in `close()`.
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
        // The loop calls `sourceCancelled()` once it no longer uses the socket.
        loop.remove(self)
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
    func releaseIfDone() {
        guard phase == .closed, openSources == 0, !awaitingHandler, !released else { return }
        released = true
        Socket.close(fd)
        context.onClose(id)
    }
}
