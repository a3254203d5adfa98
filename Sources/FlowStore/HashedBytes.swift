import Foundation

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

    /// Compared as memory: `Array`'s own `==` goes element by element.
    public static func == (a: HashedBytes, b: HashedBytes) -> Bool {
        a.hash == b.hash && a.bytes.count == b.bytes.count && a.bytes.withUnsafeBytes { left in
            b.bytes.withUnsafeBytes { right in left.count == 0 || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0 }
        }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }
}
