import HTTPServer
import Locking

/// The web application of a views folder as its files are now, for the authoring loop: when a
/// file under the watched folders changes (an `app.xml`, a template, a JSON data file, a
/// stylesheet), the next request builds the application again and is answered by it. Sessions
/// live in the store and carry over; one whose state no longer fits a changed app starts over
/// with a notice saying why. A build that fails keeps the application before it.
public final class LiveViews: Responding {
    private let watcher: FolderWatcher
    private let build: @Sendable () throws -> WebApplication
    private let log: @Sendable (String) -> Void

    private struct State {
        var current: WebApplication
        /// Whether a change was seen that the current application does not have yet.
        var isStale = false
    }

    /// The application and whether it is out of date; held only to read or swap them.
    private let state: Lock<State>
    /// Taken while building, so concurrent requests that saw a change build it once.
    private let building = Lock(())

    /// Builds the application and watches `folders` for changes.
    /// - Parameters:
    ///   - build: Builds the application from the files as they are; called again after a change.
    ///   - log: Where each rebuild and its problems are reported.
    ///   - polling: Whether to look at the files' sizes and times rather than have the system
    ///     say what changed (inotify), as where there is no inotify; a few times a second at most.
    /// - Throws: When the folders cannot be watched, or the first build fails.
    public init(watching folders: [String], polling: Bool = false, log: @escaping @Sendable (String) -> Void,
                build: @escaping @Sendable () throws -> WebApplication) throws {
        watcher = try FolderWatcher(folders: folders, method: polling ? .polling : .automatic)
        self.build = build
        self.log = log
        state = Lock(State(current: try build()))
    }

    /// The application as last built.
    public var current: WebApplication { state.withLock { $0.current } }

    public func responder(for request: HTTPRequest) -> Router.Responder {
        let changed = watcher.changed()
        let (current, isStale) = state.withLock { state in
            if changed { state.isStale = true }
            return (state.current, state.isStale)
        }
        guard isStale else { return current.router.responder(for: request) }
        // Building reads files and may write fixtures: on a thread that may block.
        return Router.Responder(mayBlock: true) { [self] in
            rebuild().router.responder(for: request).respond()
        }
    }

    /// Builds the application again unless another request just did; returns the newest.
    private func rebuild() -> WebApplication {
        building.withLock { _ in
            guard state.withLock({ state in
                let wasStale = state.isStale
                // A change made while building marks it stale again, for the next request.
                state.isStale = false
                return wasStale
            }) else { return current }
            do {
                let web = try build()
                state.withLock { $0.current = web }
                log("reloaded the views: serving \(web.appIDs.isEmpty ? "no apps" : web.appIDs.joined(separator: ", "))"
                    + (web.problems.isEmpty ? "" : "; \(web.problems.count) problems:\n" + web.problems.joined(separator: "\n")))
                return web
            } catch {
                log("reloading the views failed, the apps before the change still serve: \(error)")
                return current
            }
        }
    }
}
