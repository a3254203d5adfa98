/// Answers one request.
public typealias Handler = @Sendable (HTTPRequest) throws -> HTTPResponse

/// Routes method and path to handlers, and turns every error into a response in one place.
///
/// A path is answered by the most specific routes that fit it: an exact path, else the pattern
/// whose literal segments come first (`/a/new/{x}` before `/a/{id}/{x}`), else the longest mount.
/// Those routes alone decide: when none of them takes the request's method, it is 405.
public struct Router: Sendable {
    private var exact: [String: [HTTPMethod: Route]] = [:]
    /// Pattern routes by shape, the most specific shape first.
    private var patterns: [(shape: [String?], routes: [HTTPMethod: Route])] = []
    /// How many segments the patterns have, so a path no pattern can fit is not split and decoded.
    private var patternLengths: Set<Int> = []
    private var prefixes: [(prefix: String, methods: Set<HTTPMethod>?, route: Route)] = []

    /// A handler, whether it may block its thread (on disk, a lock, another process), and the
    /// pattern its path parameters come from.
    private struct Route: Sendable {
        let handler: Handler
        let mayBlock: Bool
        var pattern: RoutePattern?
    }
    /// Builds the response for an error: a thrown ``HTTPError``, or 500 for anything else but an
    /// ``HTTPResponseError``, which is its own response.
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
    /// Runs before routing, on every request: an error it returns answers the request (as an
    /// error page, then ``finish``) and no handler runs. Nil admits every request.
    public var admit: (@Sendable (HTTPRequest) -> HTTPError?)?

    /// Creates an empty router: every request is 404 until routes are added.
    public init() {}

    /// Routes `method` on `path` to `handler`: exactly that path (percent-decoded), or, when it
    /// has `{name}` segments, every path whose segment there is non-empty; the handler reads
    /// the segment, percent-decoded, as `request.parameters["name"]`.
    ///
    /// A malformed pattern (`{}`, `{a`, `a{b}`, a name used twice) stops the program.
    /// - Parameter mayBlock: Whether the handler may wait on I/O or a lock (a database write):
    ///   the server then runs it off the threads that serve connections, which are as many as
    ///   the cores and must not all be waiting.
    public mutating func on(_ method: HTTPMethod, _ path: String, mayBlock: Bool = false, _ handler: @escaping Handler) {
        guard RoutePattern.isPattern(path) else {
            exact[path, default: [:]][method] = Route(handler: handler, mayBlock: mayBlock)
            return
        }
        let pattern = RoutePattern(path)
        patternLengths.insert(pattern.shape.count)
        let route = Route(handler: handler, mayBlock: mayBlock, pattern: pattern)
        if let index = patterns.firstIndex(where: { $0.shape == pattern.shape }) {
            patterns[index].routes[method] = route
        } else {
            let index = patterns.firstIndex { RoutePattern.isMoreSpecific(pattern.shape, than: $0.shape) } ?? patterns.endIndex
            patterns.insert((pattern.shape, [method: route]), at: index)
        }
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
    /// (nil: all). Exact and pattern routes win; of prefixes, the longest. `mayBlock` as for ``on(_:_:mayBlock:_:)``.
    public mutating func mount(_ prefix: String, methods: Set<HTTPMethod>? = nil, mayBlock: Bool = false, _ handler: @escaping Handler) {
        precondition(!RoutePattern.isPattern(prefix), "Mount prefix \"\(prefix)\" cannot have {placeholders}.")
        prefixes.append((prefix, methods, Route(handler: handler, mayBlock: mayBlock)))
        prefixes.sort { $0.prefix.count > $1.prefix.count }
    }

    /// Adds the routes `build` adds to the group, each under `prefix` (`/suma` and `/_tab/{id}`
    /// make `/suma/_tab/{id}`; `/suma` and `/` make `/suma/`), and with `mayBlock` each one
    /// as one whose handler may block.
    public mutating func group(_ prefix: String, mayBlock: Bool = false, _ build: (inout RouterGroup) -> Void) {
        var group = RouterGroup(router: self, prefix: prefix, mayBlock: mayBlock)
        build(&group)
        self = group.router
    }

    /// What answers `request`, routed once: whether its handler may block, and the answer.
    public struct Responder: Sendable {
        public let mayBlock: Bool
        /// The response. Never throws: errors become error pages here.
        public let respond: @Sendable () -> HTTPResponse

        public init(mayBlock: Bool, respond: @escaping @Sendable () -> HTTPResponse) {
            self.mayBlock = mayBlock
            self.respond = respond
        }
    }

    /// Routes `request` to its handler without running it yet.
    public func responder(for request: HTTPRequest) -> Responder {
        let route: Route
        let parameters: [String: String]
        do throws(HTTPError) {
            if let refusal = admit?(request) { throw refusal }
            (route, parameters) = try self.route(request)
        } catch {
            return Responder(mayBlock: false) { [finish, errorPage] in
                let response = errorPage(error, request)
                return finish?(response, request) ?? response
            }
        }
        var routed = request
        routed.parameters = parameters
        return Responder(mayBlock: route.mayBlock) { [finish, errorPage, errorLog, request = routed] in
            let response: HTTPResponse
            do {
                response = try route.handler(request)
            } catch let error as HTTPError {
                response = errorPage(error, request)
            } catch let error as any HTTPResponseError {
                response = error.response(for: request)
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

    /// The route for `request`, with the path parameters its pattern takes from the path.
    private func route(_ request: HTTPRequest) throws(HTTPError) -> (Route, [String: String]) {
        guard HTTPMethod.known.contains(request.method) else {
            throw HTTPError(.notImplemented, "The method \(request.method) is not supported.")
        }
        // RFC 9110 §9.3.2: HEAD is GET without the body, which the connection drops.
        let lookup = request.method == .head ? [HTTPMethod.head, .get] : [request.method]
        var allowed: Set<HTTPMethod> = []
        if let handlers = exact[request.path] {
            if let route = lookup.lazy.compactMap({ handlers[$0] }).first { return (route, [:]) }
            allowed.formUnion(handlers.keys)
        } else if let (routes, segments) = matchingPattern(request.rawPath) {
            if let route = lookup.lazy.compactMap({ routes[$0] }).first {
                return (route, route.pattern?.parameters(in: segments) ?? [:])
            }
            allowed.formUnion(routes.keys)
        } else {
            for index in prefixes.indices where Self.isUnder(request.path, prefixes[index].prefix) {
                let mount = prefixes[index]
                guard let methods = mount.methods else { return (mount.route, [:]) }
                if lookup.contains(where: methods.contains) { return (mount.route, [:]) }
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

    /// Whether `path` is under the mount `prefix` (which ends in `/`), or is the prefix without it.
    private static func isUnder(_ path: String, _ prefix: String) -> Bool {
        if path.hasPrefix(prefix) { return true }
        let (path, prefix) = (path.utf8, prefix.utf8)
        return prefix.count == path.count + 1 && prefix.starts(with: path)
    }

    /// The routes of the most specific pattern that fits `rawPath`, and its decoded segments.
    private func matchingPattern(_ rawPath: String) -> ([HTTPMethod: Route], [String?])? {
        let length = rawPath.utf8.reduce(1) { $1 == UInt8(ascii: "/") ? $0 + 1 : $0 }
        guard patternLengths.contains(length) else { return nil }
        let segments = RoutePattern.segments(ofRawPath: rawPath)
        return patterns.first { RoutePattern.matches($0.shape, segments) }.map { ($0.routes, segments) }
    }
}
