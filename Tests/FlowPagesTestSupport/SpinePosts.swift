import FlowPages
import FlowStore
import HTTPServer
import Synchronization
import Testing

/// Posts to one app of the repository's `Views/`, mounted as a server mounts it, made without a
/// socket as a browser holding `cookie` sends them; for tests that call its handlers directly.
package struct SpinePosts {
    /// The app's services, as its handlers are made from them.
    package let services: AppServices
    /// The cookie the browser holds before its first post: an id no session is stored under yet.
    package let cookie: String

    /// The app `id` over a fresh store named `store`, the prototype on and no app banner.
    package init(app id: String, store: String) throws {
        let mounted = Mounted()
        _ = try WebApplication(views: LiveApp.repository.appendingPathComponent("Views").path, publicFolder: LiveApp.repository.appendingPathComponent("Public").path,
                               store: TestStore.fresh(store).store, appBanner: false, errorLog: { _ in }, workshop: mounted)
        services = try #require(mounted.services.withLock { $0[id] })
        cookie = services.app.cookieName + "=visitor-id-0123456789abcdef"
    }

    /// A post to `path` carrying `form` (the session's CSRF token unless given), with `headers`.
    package func post(_ path: String, form: [String: String] = [:], csrf: String? = nil,
                      headers: [(String, String)] = [("Origin", "http://127.0.0.1")]) throws -> HTTPRequest {
        let opened = try HTTPRequest(method: .get, target: services.app.urls.prefix + "/", headers: HTTPHeaders([("Host", "127.0.0.1"), ("Cookie", cookie)]))
        let token = try csrf ?? services.openSession(opened, now: services.clock.now()).csrfToken
        let body = (["csrf": token].merging(form) { $1 }).map { "\($0.key)=\(URLEncoding.encode($0.value))" }.joined(separator: "&")
        return try HTTPRequest(method: .post, target: path, headers: HTTPHeaders([("Host", "127.0.0.1"), ("Cookie", cookie),
                                                                                  ("Content-Type", "application/x-www-form-urlencoded")] + headers),
                               body: Array(body.utf8))
    }

    /// Whether the session `response` gives the browser is stored.
    package func stores(_ response: HTTPResponse) throws -> Bool {
        let prefix = services.app.cookieName + "="
        guard let set = response.headers["Set-Cookie"], set.hasPrefix(prefix), let id = set.dropFirst(prefix.count).split(separator: ";").first else { return false }
        let now = services.clock.now()
        return try services.store.read { try $0.sessions.load(id: String(id), now: now) } != nil
    }

    /// A workshop that mounts nothing and keeps the services of each app it is given, by id.
    private final class Mounted: Workshop {
        let services = Mutex<[String: AppServices]>([:])

        func mount(_ app: WorkshopApp, in group: inout RouterGroup) {
            services.withLock { $0[app.services.app.app.id] = app.services }
        }
    }
}
