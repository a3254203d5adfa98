#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// How a server's event loops watch their connections' sockets.
///
/// Chosen when the server is built: epoll on Linux, Dispatch elsewhere. On Linux Dispatch can
/// also be chosen when it runs, with `FLOWPAGES_EVENT_LOOP=dispatch`
/// (``ServerConfiguration/eventLoop`` overrides both).
public enum EventLoopBackend: String, Sendable, CaseIterable, CustomStringConvertible {
    /// An epoll set a loop, which one Dispatch read source watches: Linux only, its default.
    case epoll
    /// A Dispatch read source a socket: every system; the default where there is no epoll.
    case dispatch

    /// The backends this build has, its default first.
    public static var available: [EventLoopBackend] {
        #if os(Linux)
        [.epoll, .dispatch]
        #else
        [.dispatch]
        #endif
    }

    /// The backend of a server whose configuration and environment name none.
    public static var platformDefault: EventLoopBackend { available[0] }

    /// The environment variable that names a backend: `epoll` or `dispatch`.
    public static let environmentVariable = "FLOWPAGES_EVENT_LOOP"

    public var description: String { rawValue }

    /// The backend `name` names, as ``environmentVariable`` would.
    /// - Parameter name: `epoll` or `dispatch`; nil or empty for ``platformDefault``.
    /// - Throws: ``Unavailable`` for any other name, and for a backend this build does not have.
    public static func named(_ name: String?) throws(Unavailable) -> EventLoopBackend {
        guard let name, !name.isEmpty else { return platformDefault }
        guard let backend = EventLoopBackend(rawValue: name), available.contains(backend) else {
            throw Unavailable(setting: "\(environmentVariable)=\(name)")
        }
        return backend
    }

    /// The backend ``environmentVariable`` names, else ``platformDefault``.
    /// - Throws: ``Unavailable`` when it names no backend this build has.
    public static func fromEnvironment() throws(Unavailable) -> EventLoopBackend {
        try named(getenv(environmentVariable).map { String(cString: $0) })
    }

    /// A new loop of this backend, with a queue labelled `label`.
    /// - Throws: ``Unavailable`` for a backend this build does not have; `HTTPError` when the
    ///   system will not give what the loop needs.
    func makeLoop(label: String) throws -> any EventLoop {
        switch self {
        case .epoll:
            #if os(Linux)
            return try EpollEventLoop(label: label)
            #else
            throw Unavailable(setting: "event loop \(self)")
            #endif
        case .dispatch:
            return DispatchEventLoop(label: label)
        }
    }

    /// A backend named that this build does not have.
    public struct Unavailable: Error, Equatable, CustomStringConvertible {
        /// What named it, such as `FLOWPAGES_EVENT_LOOP=kqueue`.
        public let setting: String

        public var description: String {
            let allowed = EventLoopBackend.available.map(\.rawValue).joined(separator: " or ")
            return "\(setting): no such event loop here; allowed values: \(allowed) (unset: \(EventLoopBackend.platformDefault))"
        }
    }
}
