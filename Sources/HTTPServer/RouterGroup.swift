/// Routes added under one path prefix, such as every route of one app, with a default for
/// whether their handlers may block. Made by ``Router/group(_:mayBlock:_:)``.
public struct RouterGroup: Sendable {
    /// The router the routes go to, handed back when the group is built.
    var router: Router
    let prefix: String
    let mayBlock: Bool

    init(router: Router, prefix: String, mayBlock: Bool) {
        self.router = router
        self.prefix = prefix
        self.mayBlock = mayBlock
    }

    /// Routes `method` on the group's prefix followed by `path`, as ``Router/on(_:_:mayBlock:_:)``
    /// does; the handler may block if the group's or this route's `mayBlock` says so.
    public mutating func on(_ method: HTTPMethod, _ path: String, mayBlock: Bool = false, _ handler: @escaping Handler) {
        router.on(method, Self.join(prefix, path), mayBlock: self.mayBlock || mayBlock, handler)
    }

    /// Routes GET (and so HEAD) on the group's prefix followed by `path`.
    public mutating func get(_ path: String, mayBlock: Bool = false, _ handler: @escaping Handler) {
        on(.get, path, mayBlock: mayBlock, handler)
    }

    /// Routes POST on the group's prefix followed by `path`.
    public mutating func post(_ path: String, mayBlock: Bool = false, _ handler: @escaping Handler) {
        on(.post, path, mayBlock: mayBlock, handler)
    }

    /// Mounts `handler` under the group's prefix followed by `prefix`, as
    /// ``Router/mount(_:methods:mayBlock:_:)`` does.
    public mutating func mount(_ prefix: String, methods: Set<HTTPMethod>? = nil, mayBlock: Bool = false, _ handler: @escaping Handler) {
        router.mount(Self.join(self.prefix, prefix), methods: methods, mayBlock: self.mayBlock || mayBlock, handler)
    }

    /// A group inside this one: its prefix follows this group's, and its handlers may block if
    /// this group's or its own `mayBlock` says so.
    public mutating func group(_ prefix: String, mayBlock: Bool = false, _ build: (inout RouterGroup) -> Void) {
        var group = RouterGroup(router: router, prefix: Self.join(self.prefix, prefix), mayBlock: self.mayBlock || mayBlock)
        build(&group)
        router = group.router
    }

    /// `prefix` followed by `path`, with one `/` where both have one, so a group on `/` adds
    /// its routes as written.
    static func join(_ prefix: String, _ path: String) -> String {
        prefix.hasSuffix("/") && path.hasPrefix("/") ? prefix + path.dropFirst() : prefix + path
    }
}
