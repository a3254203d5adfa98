import HTTPServer

/// The host names a prototype answers to: loopback names, the address it listens on, its app
/// hosts and the hosts of its public origins. A prototype's fixture sign-ins, dev mailbox,
/// insights and map are for the people running it; a page of another site that had a browser
/// resolve its own name to this machine (DNS rebinding) still sends that name as `Host`, and is
/// refused with 421.
struct PrototypeHosts: Sendable {
    private let names: Set<String>

    /// - Parameters:
    ///   - listenHost: The address the server listens on (`--host`); a wildcard names nothing.
    ///   - appHosts: The `--app-host` names.
    ///   - publicOrigins: The `--public-origin`s, whose hosts are the addresses people type.
    init(listenHost: String, appHosts: some Sequence<String>, publicOrigins: [String]) {
        var names = Set(appHosts.map { $0.lowercased() })
        for origin in publicOrigins.compactMap(OriginPolicy.normalized) {
            names.insert(WebApplication.hostName(of: String(origin[origin.range(of: "://")!.upperBound...])))
        }
        let listening = listenHost.lowercased()
        if !["0.0.0.0", "::", "[::]", ""].contains(listening) {
            names.insert(listening.contains(":") && !listening.hasPrefix("[") ? "[" + listening + "]" : listening)
        }
        self.names = names
    }

    /// Nil when the request's `Host` is one of the prototype's names; else the 421 that answers it.
    func refusal(of request: HTTPRequest) -> HTTPError? {
        // Every request asks: the usual answer (127.0.0.1 or localhost, in lower case) is read off
        // the field's bytes, with no string made.
        if let host = request.headers["Host"], Self.isPlainLoopback(host) { return nil }
        let name = WebApplication.hostName(request)
        if Self.isLoopback(name) || names.contains(name) { return nil }
        return HTTPError(.misdirectedRequest, "This prototype answers only to its own addresses, not to \(name.isEmpty ? "a request without a Host" : "“\(name)”"): "
            + "open it at localhost, or start it with --public-origin naming the address you type.")
    }

    /// Whether `authority` is `localhost` or `127.0.0.1`, with or without a port, as written.
    private static func isPlainLoopback(_ authority: String) -> Bool {
        var utf8 = Substring(authority).utf8
        if let colon = utf8.firstIndex(of: UInt8(ascii: ":")) {
            guard utf8[utf8.index(after: colon)...].allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return false }
            utf8 = utf8[..<colon]
        }
        return utf8.elementsEqual("127.0.0.1".utf8) || utf8.elementsEqual("localhost".utf8)
    }

    /// Whether a host name always means this machine: `localhost` and its subdomains (which
    /// browsers resolve themselves, RFC 6761), 127.0.0.0/8 and `[::1]`.
    static func isLoopback(_ name: String) -> Bool {
        let name = name.lowercased()
        if name == "localhost" || name.hasSuffix(".localhost") || name == "[::1]" || name == "::1" { return true }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { part in
            !part.isEmpty && part.count <= 3 && part.allSatisfy(\.isASCII) && part.allSatisfy(\.isNumber) && Int(part)! <= 255
        }
    }
}
