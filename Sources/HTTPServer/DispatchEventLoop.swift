import Dispatch

/// An ``EventLoop`` of Dispatch read sources, one per socket, all on one serial queue: what every
/// system has (kqueue underneath on macOS, epoll on Linux).
///
/// On Linux libdispatch re-arms a read source through its manager thread after every event,
/// which ``EpollEventLoop`` avoids; there this backend is the portable one, chosen by
/// `FLOWPAGES_EVENT_LOOP=dispatch`.
///
/// `@unchecked Sendable`: `sources` is read and written only on `queue`, a serial queue, which is
/// also every watched connection's queue.
final class DispatchEventLoop: EventLoop, @unchecked Sendable {
    let queue: DispatchQueue
    /// Each connection's read source by id, and whether it is resumed: a source is paused by
    /// suspending it, and one suspended must be resumed before it can be cancelled and let go of.
    private var sources: [Int: (source: DispatchSourceRead, running: Bool)] = [:]

    init(label: String) {
        queue = DispatchQueue(label: label)
    }

    /// Always true: a read source needs nothing the system can refuse.
    func add(_ connection: Connection) -> Bool {
        let source = DispatchSource.makeReadSource(fileDescriptor: connection.fd, queue: queue)
        source.setEventHandler { connection.readAvailable() }
        // The descriptor is closed only after this, as a read source requires.
        source.setCancelHandler { connection.sourceCancelled() }
        sources[connection.id] = (source, true)
        source.resume()
        return true
    }

    func watch(_ connection: Connection) -> Bool {
        guard let watched = sources[connection.id], !watched.running else { return true }
        sources[connection.id]?.running = true
        watched.source.resume()
        return true
    }

    func unwatch(_ connection: Connection) {
        guard let watched = sources[connection.id], watched.running else { return }
        sources[connection.id]?.running = false
        watched.source.suspend()
    }

    func remove(_ connection: Connection) {
        guard let watched = sources.removeValue(forKey: connection.id) else { return }
        Self.cancel(watched)
    }

    /// The sources of connections still open are cancelled, so their descriptors can be closed.
    func stop() {
        queue.async { [self] in
            for watched in sources.values { Self.cancel(watched) }
            sources.removeAll()
        }
    }

    private static func cancel(_ watched: (source: DispatchSourceRead, running: Bool)) {
        // Cancelled on this turn of the queue, the source runs no handler after being resumed.
        if !watched.running { watched.source.resume() }
        watched.source.cancel()
    }
}
