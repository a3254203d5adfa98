#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// A range of IP addresses written as an address (`127.0.0.1`, `::1`) or a CIDR block
/// (`10.0.0.0/8`, `fd00::/8`): the reverse proxies whose `X-Forwarded-For` a server believes.
///
/// IPv4 addresses are compared as IPv4-mapped IPv6 addresses, so `127.0.0.1` also matches a
/// peer that reached an IPv6 socket as `::ffff:127.0.0.1`.
public struct AddressRange: Sendable, Hashable, CustomStringConvertible {
    /// The network's 16 bytes (IPv4 mapped into IPv6), host bits zero.
    let network: [UInt8]
    /// Leading bits that must match, 0…128.
    let prefixLength: Int
    /// As written.
    public let description: String

    /// Reads `text`; nil when it is not an IPv4 or IPv6 address with an optional `/length`
    /// within the address's bits.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard let (bytes, isIPv4) = Self.parse(String(parts[0])) else { return nil }
        let bits = isIPv4 ? 32 : 128
        var length = bits
        if parts.count == 2 {
            guard let written = Int(parts[1]), parts[1].allSatisfy(\.isASCII), (0...bits).contains(written) else { return nil }
            length = written
        }
        prefixLength = isIPv4 ? 96 + length : length
        network = Self.masked(bytes, prefixLength)
        description = text
    }

    /// Whether the address (16 bytes, IPv4 mapped) is in the range; compared in place, as every
    /// request from a proxy is.
    func contains(_ address: [UInt8]) -> Bool {
        guard address.count == 16 else { return false }
        let whole = prefixLength / 8
        for index in 0..<whole where address[index] != network[index] { return false }
        let rest = prefixLength % 8
        return rest == 0 || address[whole] & Self.mask(rest) == network[whole]
    }

    /// Whether `text`, an IPv4 or IPv6 address, is in the range.
    public func contains(_ text: String) -> Bool {
        Self.parse(text).map { contains($0.bytes) } ?? false
    }

    /// An address's 16 bytes (IPv4 mapped into IPv6) and whether it was IPv4; nil for what is
    /// not an address (host names included: a proxy list names addresses).
    static func parse(_ text: String) -> (bytes: [UInt8], isIPv4: Bool)? {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            return (Array(repeating: 0, count: 10) + [0xFF, 0xFF] + withUnsafeBytes(of: v4) { Array($0) }, true)
        }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, text, &v6) == 1 else { return nil }
        return (withUnsafeBytes(of: v6) { Array($0) }, false)
    }

    private static func masked(_ bytes: [UInt8], _ length: Int) -> [UInt8] {
        bytes.enumerated().map { index, byte in byte & mask(min(8, max(0, length - index * 8))) }
    }

    /// A byte's `bits` leading bits set.
    private static func mask(_ bits: Int) -> UInt8 {
        UInt8(truncatingIfNeeded: 0xFF << (8 - bits))
    }
}
