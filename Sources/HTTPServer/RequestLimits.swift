/// What a client may send, each limit with the status that answers it.
public struct RequestLimits: Sendable, Hashable {
    /// The longest request line, in bytes (414 URI Too Long).
    public var requestLine = 8 * 1024
    /// The longest header field line, in bytes (431).
    public var fieldLine = 8 * 1024
    /// The largest head, request line and fields together, in bytes (431).
    public var head = 32 * 1024
    /// The most header fields (431).
    public var fieldCount = 100
    /// The largest body, in bytes (413, refused before it is read when its length is declared).
    public var body = 1024 * 1024

    /// The defaults: 8 KiB, 8 KiB, 32 KiB, 100 fields, 1 MiB.
    public init() {}
}
