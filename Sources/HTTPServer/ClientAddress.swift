/// Who sent a request, as the per-address limits count clients: an IPv4 address, or the /64
/// network of an IPv6 one (one host is given a whole /64 and could otherwise count as many).
///
/// Behind a reverse proxy every connection comes from the proxy. When the peer is one of the
/// configured trusted proxies, the client is read from `X-Forwarded-For` instead: from the right,
/// the first address that is not itself a trusted proxy — what the last trusted proxy saw —
/// because entries further left are whatever the client chose to send.
enum ClientAddress {
    /// The text of a peer's 16 bytes (IPv4 mapped into IPv6); "local" for anything else.
    static func text(_ bytes: [UInt8]) -> String {
        guard bytes.count == 16 else { return "local" }
        if bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF {
            return bytes[12...].map(String.init).joined(separator: ".")
        }
        let groups = stride(from: 0, to: 8, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }
        return groups.joined(separator: ":") + "::/64"
    }

    /// The client of a request from `peer` carrying `forwardedFor` (each `X-Forwarded-For` field,
    /// in order), believing only `trusted` proxies.
    static func resolve(peer: [UInt8], forwardedFor: [String], trusted: [AddressRange]) -> String {
        guard trusted.contains(where: { $0.contains(peer) }) else { return text(peer) }
        let hops = forwardedFor.flatMap { $0.split(separator: ",") }.map { String($0.trimmingSpaces) }
        var client = peer
        for hop in hops.reversed() {
            // A hop a trusted proxy wrote is an address; anything else was sent by the client,
            // so it names no one and the proxy that passed it on is the client as far as we know.
            guard let address = AddressRange.parse(withoutPort(hop))?.bytes else { break }
            client = address
            if !trusted.contains(where: { $0.contains(address) }) { break }
        }
        return text(client)
    }

    /// `203.0.113.7:4711` → `203.0.113.7`, `[2001:db8::1]:443` → `2001:db8::1`; others unchanged.
    private static func withoutPort(_ hop: String) -> String {
        if hop.hasPrefix("["), let close = hop.firstIndex(of: "]") {
            return String(hop[hop.index(after: hop.startIndex)..<close])
        }
        if hop.count(where: { $0 == ":" }) == 1, let colon = hop.firstIndex(of: ":") { return String(hop[..<colon]) }
        return hop
    }
}
