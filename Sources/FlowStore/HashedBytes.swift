/// Bytes as a dictionary key, hashed once when made: a cache shared by handler threads hashes its
/// keys before taking its lock, so threads wait for each other only to look up. (An array of
/// bytes would hash element by element, and a `String` by its Unicode normal form.)
public struct HashedBytes: Hashable, Sendable {
    public let bytes: [UInt8]
    private let hash: Int

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var hasher = Hasher()
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        hash = hasher.finalize()
    }

    public static func == (a: HashedBytes, b: HashedBytes) -> Bool { a.bytes == b.bytes }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }
}
