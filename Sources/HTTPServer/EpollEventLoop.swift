#if os(Linux)
import CEpoll
import Dispatch
import Glibc

/// An ``EventLoop`` over Linux's epoll: the sockets of many connections in one epoll set, which
/// one Dispatch read source watches in turn.
///
/// Why not a read source per connection: libdispatch on Linux re-arms a read source through its
/// manager thread after every event (an eventfd write, a wake-up and an `epoll_ctl`), which is a
/// quarter of the server's time on a small response. Here a loop's source is re-armed once per
/// batch of ready connections, and a connection's readiness costs only its `recv`. The epoll set
/// is level-triggered: what a connection leaves unread is reported again on the next round.
///
/// `@unchecked Sendable`: the set of watched connections is read and written only on `queue`,
/// a serial queue, which is also every watched connection's queue.
final class EpollEventLoop: EventLoop, @unchecked Sendable {
    let queue: DispatchQueue
    private let epoll: Int32
    private var source: DispatchSourceRead?
    /// The connections on this loop by id, watched or paused; an event names a connection by id,
    /// so one for a descriptor closed and reused meanwhile finds nothing.
    private var connections: [Int: Connection] = [:]
    private var events = [epoll_event](repeating: epoll_event(), count: EpollEventLoop.batch)

    /// The most events taken at once, and rounds taken before other work on the queue runs.
    static let batch = 64
    static let rounds = 4

    /// - Throws: when the system has no epoll descriptor to give.
    init(label: String) throws(HTTPError) {
        epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard epoll >= 0 else { throw HTTPError(.internalServerError, "epoll_create1: \(String(cString: strerror(errno)))") }
        queue = DispatchQueue(label: label)
        let source = DispatchSource.makeReadSource(fileDescriptor: epoll, queue: queue)
        source.setEventHandler { [self] in drain() }
        source.setCancelHandler { [epoll] in _ = Glibc.close(epoll) }
        self.source = source
        source.resume()
    }

    /// False when the system would not watch it (out of memory or of epoll watches).
    func add(_ connection: Connection) -> Bool {
        connections[connection.id] = connection
        return watch(connection)
    }

    func watch(_ connection: Connection) -> Bool {
        var event = epoll_event()
        event.events = EPOLLIN.rawValue | EPOLLRDHUP.rawValue
        event.data.u64 = UInt64(connection.id)
        return epoll_ctl(epoll, EPOLL_CTL_ADD, connection.fd, &event) == 0
    }

    func unwatch(_ connection: Connection) {
        _ = epoll_ctl(epoll, EPOLL_CTL_DEL, connection.fd, nil)
    }

    /// The socket must not be watched any more. Let go of on the queue's next turn, as a cancelled
    /// source is: whatever closed the connection may still hold the descriptor in hand.
    func remove(_ connection: Connection) {
        connections[connection.id] = nil
        queue.async { connection.sourceCancelled() }
    }

    /// The epoll descriptor is closed once Dispatch lets go of it.
    func stop() {
        queue.async { [self] in
            source?.cancel()
            source = nil
            connections.removeAll()
        }
    }

    /// Reads every connection that is ready, a few rounds at most, so completions queued meanwhile
    /// (a handler's answer) are not held back behind a busy loop.
    private func drain() {
        for _ in 0..<Self.rounds {
            let count = events.withUnsafeMutableBufferPointer { epoll_wait(epoll, $0.baseAddress, Int32($0.count), 0) }
            guard count > 0 else { return }
            for index in 0..<Int(count) {
                connections[Int(events[index].data.u64)]?.readAvailable()
            }
            guard count == Self.batch else { return }
        }
    }
}
#endif
