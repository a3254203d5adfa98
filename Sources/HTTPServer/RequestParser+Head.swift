extension RequestParser {
    /// Parses a complete head, or returns nil until one has arrived.
    mutating func parseHead() throws(RequestParseError) -> Head? {
        // RFC 9112 §2.2: empty lines before the request line are ignored.
        while buffer.count - start >= 2, buffer[start] == .cr, buffer[start + 1] == .lf {
            start += 2
        }
        if buffer.count - start == 1, buffer[start] == .cr { return nil }
        guard let end = try findEndOfHead() else { return nil }
        // The whole head, however its bytes arrived: one write of 40 KB is refused like forty of 1 KB.
        guard end - start <= limits.head else {
            throw RequestParseError(.requestHeaderFieldsTooLarge, "the head is larger than \(limits.head) bytes")
        }
        // Up to and with the first CRLF of the blank line, so every line ends in CRLF.
        var lines = buffer[start..<end + 2].split(separator: .lf, omittingEmptySubsequences: false).dropLast().makeIterator()
        guard let requestLine = lines.next() else { throw .bad("no request line") }
        let (parsed, authority) = try Self.requestLine(try Self.stripCR(requestLine), limit: limits.requestLine)
        var request = parsed

        var fields: [(String, String)] = []
        while let rawLine = lines.next() {
            let line = try Self.stripCR(rawLine)
            guard line.count <= limits.fieldLine else {
                throw RequestParseError(.requestHeaderFieldsTooLarge, "a header field is longer than \(limits.fieldLine) bytes")
            }
            fields.append(try Self.field(from: line))
            guard fields.count <= limits.fieldCount else {
                throw RequestParseError(.requestHeaderFieldsTooLarge, "more than \(limits.fieldCount) header fields")
            }
        }
        start = end + 4
        scanned = start
        headScan = .method
        request.headers = HTTPHeaders(fields)
        return try checkSemantics(of: request, authority: authority)
    }

    /// Finds the CRLF CRLF ending the head, checking as bytes arrive what can be refused early:
    /// a method that is not a token (binary garbage, a TLS handshake), a bare LF, and the
    /// request-line and head limits. Only bytes after `scanned` are looked at (see `HeadScan`).
    private mutating func findEndOfHead() throws(RequestParseError) -> Int? {
        var index = max(start, scanned)
        if headScan == .method {
            while index < buffer.count, buffer[index] != .space {
                guard buffer[index].isTokenCharacter else { throw .bad("the request does not start with a method") }
                index += 1
            }
            if index < buffer.count { headScan = .requestLine }
        }
        while let lf = buffer[index...].firstIndex(of: .lf) {
            // RFC 9112 §2.2: a bare LF could be read as a line end by another parser; refuse it.
            guard lf > start, buffer[lf - 1] == .cr else { throw .bad("line ends in a bare LF") }
            if lf - start >= 3, buffer[lf - 2] == .lf, buffer[lf - 3] == .cr {
                return lf - 3
            }
            if headScan == .requestLine {
                guard lf - 1 - start <= limits.requestLine else {
                    throw RequestParseError(.uriTooLong, "the request line is longer than \(limits.requestLine) bytes")
                }
                headScan = .fields
            }
            index = lf + 1
        }
        scanned = buffer.count
        if headScan != .fields, buffer.count - start > limits.requestLine + 1 {
            throw RequestParseError(.uriTooLong, "the request line is longer than \(limits.requestLine) bytes")
        }
        if buffer.count - start > limits.head + 3 {
            throw RequestParseError(.requestHeaderFieldsTooLarge, "the head is larger than \(limits.head) bytes")
        }
        return nil
    }

    /// A line without its CR; any other CR or a bare LF is refused (RFC 9112 §2.2).
    private static func stripCR(_ line: ArraySlice<UInt8>) throws(RequestParseError) -> ArraySlice<UInt8> {
        guard let last = line.last, last == .cr else { throw .bad("line ends in a bare LF") }
        let content = line.dropLast()
        if content.contains(.cr) { throw .bad("bare CR in the head") }
        return content
    }

    /// `method SP request-target SP HTTP-version` (RFC 9112 §3), single spaces only; with the
    /// authority of an absolute-form target.
    private static func requestLine(_ line: ArraySlice<UInt8>, limit: Int) throws(RequestParseError) -> (ParsedRequest, authority: String?) {
        guard line.count <= limit else {
            throw RequestParseError(.uriTooLong, "the request line is longer than \(limit) bytes")
        }
        let parts = line.split(separator: .space, maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty else {
            throw .bad("the request line is not 'method target version' with single spaces")
        }
        guard parts[0].allSatisfy(\.isTokenCharacter) else { throw .bad("the method is not a token") }
        // RFC 9112 §3.2: the target is visible ASCII; anything else is refused.
        guard parts[1].allSatisfy({ (0x21...0x7E).contains($0) && $0 != UInt8(ascii: "#") }) else {
            throw .bad("the request target has invalid characters")
        }
        let version = try Self.version(parts[2])
        let method = HTTPMethod(String(decoding: parts[0], as: UTF8.self))
        let (target, authority) = try Self.originForm(String(decoding: parts[1], as: UTF8.self), method: method)
        return (ParsedRequest(method: method, target: target, version: version, headers: HTTPHeaders(), body: [], keepAlive: true), authority)
    }

    /// `HTTP/1.0` or `HTTP/1.1`; another well-formed version is 505 (RFC 9110 §15.6.6).
    private static func version(_ text: ArraySlice<UInt8>) throws(RequestParseError) -> HTTPVersion {
        let bytes = Array(text)
        guard bytes.count == 8, bytes[0..<5].elementsEqual("HTTP/".utf8), bytes[6] == UInt8(ascii: "."),
              let major = bytes[5].digitValue, let minor = bytes[7].digitValue
        else { throw .bad("the HTTP version is malformed") }
        guard major == 1, minor <= 1 else {
            throw RequestParseError(.httpVersionNotSupported, "HTTP/\(major).\(minor) is not supported; use HTTP/1.1")
        }
        return HTTPVersion(major: major, minor: minor)
    }

    /// The origin form of a target: absolute-form is accepted and reduced to its path, its
    /// authority returned beside it (RFC 9112 §3.2.2); `*` only with OPTIONS (§3.2.4).
    private static func originForm(_ target: String, method: HTTPMethod) throws(RequestParseError) -> (String, authority: String?) {
        if target.hasPrefix("/") { return (target, nil) }
        if target == "*", method == .options { return (target, nil) }
        for scheme in ["http://", "https://"] where target.lowercased().hasPrefix(scheme) {
            let rest = target.dropFirst(scheme.count)
            guard let slash = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) else { return ("/", String(rest)) }
            let path = rest[slash...]
            return (path.first == "?" ? "/" + path : String(path), String(rest[..<slash]))
        }
        throw .bad("the request target is not a path")
    }

    /// `field-name ":" OWS field-value OWS` (RFC 9112 §5): no whitespace before the colon, no
    /// obs-fold (§5.2), no control characters but tab in the value (RFC 9110 §5.5).
    static func field(from line: ArraySlice<UInt8>) throws(RequestParseError) -> (String, String) {
        if let first = line.first, first == .space || first == .tab {
            throw .bad("obsolete line folding is not accepted")
        }
        guard let colon = line.firstIndex(of: .colon) else { throw .bad("a header field has no colon") }
        let name = line[..<colon]
        guard !name.isEmpty else { throw .bad("a header field has no name") }
        guard name.allSatisfy(\.isTokenCharacter) else {
            throw .bad(name.last == .space || name.last == .tab ? "whitespace before the colon of a header field" : "a header field name is not a token")
        }
        var value = line[(colon + 1)...]
        while let first = value.first, first == .space || first == .tab { value = value.dropFirst() }
        while let last = value.last, last == .space || last == .tab { value = value.dropLast() }
        guard value.allSatisfy({ $0 == .tab || ($0 >= 0x20 && $0 != 0x7F) }) else {
            throw .bad("a header field value has a control character")
        }
        return (String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self))
    }

    /// Host, framing, Expect and Connection rules on a complete head; `authority` is an
    /// absolute-form target's.
    private func checkSemantics(of request: ParsedRequest, authority: String?) throws(RequestParseError) -> Head {
        var request = request
        let headers = request.headers
        let hosts = headers.values("Host")
        // RFC 9112 §3.2: an HTTP/1.1 request has exactly one Host, with a valid value.
        if request.version == .http1_1, hosts.isEmpty { throw .bad("an HTTP/1.1 request needs a Host field") }
        if hosts.count > 1 { throw .bad("more than one Host field") }
        if let host = hosts.first, !Self.isValidHost(host) { throw .bad("the Host field is not a valid host") }
        if let authority {
            // RFC 9110 §4.2.1: an http(s) URI without a host is invalid. RFC 9112 §3.2.2: the
            // target's authority is the request's host, whatever the Host field says; handlers
            // read it as Host, so a name checked there is the name the request is judged by.
            guard !authority.isEmpty, Self.isValidHost(authority) else { throw .bad("the request target's authority is not a valid host") }
            request.headers.set("Host", authority)
        }

        let framing = try Self.framing(headers, version: request.version)
        if case .length(let length) = framing, length > limits.body {
            throw RequestParseError(.contentTooLarge, "the body is larger than \(limits.body) bytes")
        }
        var expectsContinue = false
        if let expect = headers["Expect"] {
            // RFC 9110 §10.1.1: only 100-continue is defined.
            guard expect.lowercased() == "100-continue" else {
                throw RequestParseError(.expectationFailed, "only 'Expect: 100-continue' is supported")
            }
            if case .none = framing {} else { expectsContinue = request.version == .http1_1 }
        }
        // RFC 9112 §9.3: 1.1 stays open unless "close"; 1.0 closes unless "keep-alive".
        let options = headers.values("Connection").flatMap { $0.split(separator: ",") }.map { $0.trimmingSpaces.lowercased() }
        request.keepAlive = request.version == .http1_1 ? !options.contains("close") : options.contains("keep-alive")
        return Head(request: request, framing: framing, expectsContinue: expectsContinue)
    }

    /// How the body is framed (RFC 9112 §6.1–6.3), refusing every ambiguity that enables smuggling.
    private static func framing(_ headers: HTTPHeaders, version: HTTPVersion) throws(RequestParseError) -> Framing {
        let encodings = headers.values("Transfer-Encoding")
        let lengths = headers.values("Content-Length")
        if !encodings.isEmpty {
            // §6.1: Content-Length with Transfer-Encoding is a smuggling attempt; 1.0 has no chunking.
            guard lengths.isEmpty else { throw .bad("both Transfer-Encoding and Content-Length") }
            guard version == .http1_1 else { throw .bad("Transfer-Encoding in an HTTP/1.0 request") }
            let codings = encodings.flatMap { $0.split(separator: ",") }.map { $0.trimmingSpaces.lowercased() }.filter { !$0.isEmpty }
            guard !codings.isEmpty else { throw .bad("an empty Transfer-Encoding") }
            if let unknown = codings.first(where: { $0 != "chunked" }) {
                throw RequestParseError(.notImplemented, "the transfer coding '\(unknown)' is not supported")
            }
            guard codings.count == 1 else { throw .bad("chunked applied more than once") }
            return .chunked
        }
        guard !lengths.isEmpty else { return .none }
        // RFC 9110 §8.6: a list of identical lengths may be taken as one; anything else is refused.
        var length: Int?
        for value in lengths.flatMap({ $0.split(separator: ",", omittingEmptySubsequences: false) }) {
            let digits = value.trimmingSpaces
            guard !digits.isEmpty, digits.utf8.allSatisfy({ $0.digitValue != nil }), digits.utf8.count <= 18, let parsed = Int(digits) else {
                throw .bad("an invalid Content-Length")
            }
            guard length == nil || length == parsed else { throw .bad("Content-Length values differ") }
            length = parsed
        }
        return length == 0 ? .none : .length(length!)
    }

    /// `uri-host [ ":" port ]` (RFC 9110 §7.2, RFC 3986 §3.2.2) as browsers send it: a DNS name
    /// or an IPv4 address (letters, digits, `-` and `.`), or an IPv6 address in brackets, with
    /// a port of digits or none; empty, as a target without an authority has (RFC 9112 §3.2).
    /// The rest of RFC 3986 (user info, escapes, sub-delims, IPvFuture) has no use in a name
    /// and lets one name be read as two: `[::1].evil.example` taken for `[::1]`.
    private static func isValidHost(_ host: String) -> Bool {
        let bytes = host.utf8
        guard let first = bytes.first else { return true }
        let port: Substring.UTF8View
        if first == UInt8(ascii: "[") {
            guard let close = bytes.firstIndex(of: UInt8(ascii: "]")),
                  let address = AddressRange.parse(String(host[host.index(after: host.startIndex)..<close])), !address.isIPv4
            else { return false }
            port = Substring(host)[bytes.index(after: close)...].utf8
        } else {
            let colon = bytes.firstIndex(of: UInt8(ascii: ":")) ?? bytes.endIndex
            let name = bytes[..<colon]
            guard !name.isEmpty, name.allSatisfy({ byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                     UInt8(ascii: "-"), UInt8(ascii: "."):
                    true
                default:
                    false
                }
            }) else { return false }
            port = Substring(host)[colon...].utf8
        }
        guard let colon = port.first else { return true }
        let digits = port.dropFirst()
        return colon == UInt8(ascii: ":") && (1...5).contains(digits.count) && digits.allSatisfy { $0.digitValue != nil }
    }

    /// `chunk-size [ chunk-ext ] CRLF` (RFC 9112 §7.1); returns nil until the line has arrived.
    mutating func parseChunkSize() throws(RequestParseError) -> Int? {
        guard let line = try takeLine(limit: limits.fieldLine, tooLong: .bad("chunk size line too long")) else { return nil }
        var size = 0
        var index = line.startIndex
        while index < line.endIndex, let digit = URLEncoding.hexValue(line[index]) {
            guard index - line.startIndex < 15 else { throw .bad("chunk size too large") }
            size = size * 16 + Int(digit)
            index += 1
        }
        guard index > line.startIndex else { throw .bad("chunk size is not hexadecimal") }
        let rest = line[index...].drop { $0 == .space || $0 == .tab }
        if let first = rest.first {
            // chunk-ext = *( BWS ";" BWS name [ BWS "=" BWS value ] ): accepted and ignored.
            guard first == UInt8(ascii: ";"), rest.allSatisfy({ $0 == .tab || ($0 >= 0x20 && $0 != 0x7F) }) else {
                throw .bad("chunk size is followed by something other than an extension")
            }
        } else if index < line.endIndex {
            throw .bad("whitespace after the chunk size")
        }
        guard body.count + size <= limits.body else {
            throw RequestParseError(.contentTooLarge, "the body is larger than \(limits.body) bytes")
        }
        return size
    }
}

extension UInt8 {
    var digitValue: Int? {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) ? Int(self - UInt8(ascii: "0")) : nil
    }
}
