/// Answers one request.
public typealias Handler = @Sendable (HTTPRequest) throws -> HTTPResponse

/// Routes method and path to handlers, and turns every error into a response in one place.
public struct Router: Sendable {
    private var exact: [String: [HTTPMethod: Route]] = [:]
    private var prefixes: [(prefix: String, methods: Set<HTTPMethod>?, route: Route)] = []

    /// A handler, and whether it may block its thread (on disk, a lock, another process).
    private struct Route: Sendable {
        let handler: Handler
        let mayBlock: Bool
    }
    /// Builds the response for an error: a thrown ``HTTPError``, or 500 for anything else.
    public var errorPage: @Sendable (HTTPError, HTTPRequest) -> HTTPResponse = { error, _ in
        var response = HTTPResponse.text(error.message + "\n", status: error.status)
        for field in error.headers { response.headers.add(field.name, field.value) }
        return response
    }
    /// Where unexpected errors are logged with their request id; their details never reach the client.
    public var errorLog: @Sendable (String) -> Void = { StandardOutput.writeLine($0) }
    /// Runs on every response this router gives, error pages included, for fields that depend
    /// on both the request and the response (an HTML page's security policy); nil leaves them as they are.
    public var finish: (@Sendable (HTTPResponse, HTTPRequest) -> HTTPResponse)?

    /// Creates an empty router: every request is 404 until routes are added.
    public init() {}

    /// Routes `method` on exactly `path` (percent-decoded) to `handler`.
    /// - Parameter mayBlock: Whether the handler may wait on I/O or a lock (a database write):
    ///   the server then runs it off the threads that serve connections, which are as many as
    ///   the cores and must not all be waiting.
    public mutating func on(_ method: HTTPMethod, _ path: String, mayBlock: Bool = false, _ handler: @escaping Handler) {
        exact[path, default: [:]][method] = Route(handler: handler, mayBlock: mayBlock)
    }

    /// Routes GET (and so HEAD) on `path`.
    public mutating func get(_ path: String, mayBlock: Bool = false, _ handler: @escaping Handler) {
        on(.get, path, mayBlock: mayBlock, handler)
    }

    /// Routes POST on `path`.
    public mutating func post(_ path: String, mayBlock: Bool = false, _ handler: @escaping Handler) {
        on(.post, path, mayBlock: mayBlock, handler)
    }

    /// Routes every path under `prefix` (which ends in `/`) to `handler`, for the given methods
    /// (nil: all). Exact routes win; of prefixes, the longest. `mayBlock` as for ``on(_:_:mayBlock:_:)``.
    public mutating func mount(_ prefix: String, methods: Set<HTTPMethod>? = nil, mayBlock: Bool = false, _ handler: @escaping Handler) {
        prefixes.append((prefix, methods, Route(handler: handler, mayBlock: mayBlock)))
        prefixes.sort { $0.prefix.count > $1.prefix.count }
    }

    /// What answers `request`, routed once: whether its handler may block, and the answer.
    public struct Responder: Sendable {
        public let mayBlock: Bool
        /// The response. Never throws: errors become error pages here.
        public let respond: @Sendable () -> HTTPResponse
    }

    /// Routes `request` to its handler without running it yet.
    public func responder(for request: HTTPRequest) -> Responder {
        let route: Route
        do {
            route = try self.route(request)
        } catch {
            return Responder(mayBlock: false) { [finish, errorPage] in
                let response = errorPage(error, request)
                return finish?(response, request) ?? response
            }
        }
        return Responder(mayBlock: route.mayBlock) { [finish, errorPage, errorLog] in
            let response: HTTPResponse
            do {
                response = try route.handler(request)
            } catch let error as HTTPError {
                response = errorPage(error, request)
            } catch {
                errorLog("request \(request.id): \(request.method) \(request.path) failed: \(error)")
                response = errorPage(HTTPError(.internalServerError), request)
            }
            return finish?(response, request) ?? response
        }
    }

    /// The response to `request`. Never throws: errors become error pages here.
    public func respond(to request: HTTPRequest) -> HTTPResponse {
        responder(for: request).respond()
    }

    private func route(_ request: HTTPRequest) throws(HTTPError) -> Route {
        guard HTTPMethod.known.contains(request.method) else {
            throw HTTPError(.notImplemented, "The method \(request.method) is not supported.")
        }
        // RFC 9110 §9.3.2: HEAD is GET without the body, which the connection drops.
        let lookup = request.method == .head ? [HTTPMethod.head, .get] : [request.method]
        var allowed: Set<HTTPMethod> = []
        if let handlers = exact[request.path] {
            if let handler = lookup.lazy.compactMap({ handlers[$0] }).first { return handler }
            allowed.formUnion(handlers.keys)
        } else {
            for mount in prefixes where request.path.hasPrefix(mount.prefix) || request.path + "/" == mount.prefix {
                guard let methods = mount.methods else { return mount.route }
                if lookup.contains(where: methods.contains) { return mount.route }
                allowed.formUnion(methods)
                break
            }
        }
        guard allowed.isEmpty else {
            if allowed.contains(.get) { allowed.insert(.head) }
            // RFC 9110 §15.5.6: a 405 lists the allowed methods.
            let list = allowed.map(\.rawValue).sorted().joined(separator: ", ")
            throw HTTPError(.methodNotAllowed, "Allowed: \(list).", headers: HTTPHeaders([("Allow", list)]))
        }
        throw HTTPError(.notFound, "Nothing is at \(request.path).")
    }
}
