import Dispatch

/// Watches the sockets of many connections for reading and runs them all on one serial queue,
/// which is also each connection's own: whatever a connection does, it does there.
///
/// Two backends implement it (``EventLoopBackend``): ``EpollEventLoop`` on Linux and
/// ``DispatchEventLoop`` everywhere. Every method but ``stop()`` is called on ``queue``.
protocol EventLoop: AnyObject, Sendable {
    /// The queue of the loop and of every connection it watches.
    var queue: DispatchQueue { get }

    /// Takes `connection` on and watches its socket for reading, calling its `readAvailable()`
    /// whenever bytes (or the end of the stream) are waiting, until told otherwise.
    /// - Returns: false when the system would not watch it; ``remove(_:)`` is still called.
    func add(_ connection: Connection) -> Bool

    /// Watches `connection`'s socket again after ``unwatch(_:)``.
    /// - Returns: false when the system would not watch it: the connection would never be read,
    ///   so its caller closes it rather than leave its client waiting for the idle timeout.
    func watch(_ connection: Connection) -> Bool

    /// Stops reporting `connection`'s socket until ``watch(_:)``.
    func unwatch(_ connection: Connection)

    /// Lets go of a closed connection, once; calls its `sourceCancelled()` on the queue when the
    /// loop no longer uses its socket, so the descriptor can be closed and its number reused.
    func remove(_ connection: Connection)

    /// Stops watching anything; from any thread. What it holds is let go of on the queue.
    func stop()
}
