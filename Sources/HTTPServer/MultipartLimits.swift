/// How much of a `multipart/form-data` body is read, each limit answered with 413 when passed.
/// The body as a whole is bounded before it is read, by ``RequestLimits/body``.
public struct MultipartLimits: Sendable, Hashable {
    /// The most parts, counting files and fields alike.
    public var parts = 256
    /// The largest header block of one part, its blank line included, in bytes.
    public var partHead = 8 * 1024
    /// The largest content of one part, in bytes.
    public var partBody = 1024 * 1024

    /// The defaults: 256 parts, 8 KiB of header and 1 MiB of content per part.
    public init() {}
}
