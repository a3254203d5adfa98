extension HTTPResponse {
    /// The bytes on the wire: status line, fields and body in one buffer, so one write sends
    /// it (a small response split over two writes waits on delayed ACKs).
    ///
    /// `Content-Length`, `Date`, `Connection`, `X-Request-Id` and `X-Content-Type-Options: nosniff`
    /// are set here. The body is dropped for HEAD and statuses that forbid one (RFC 9110 §6.4.1);
    /// CR, LF and NUL never reach the wire inside a field, whatever a handler put there.
    func serialized(for method: HTTPMethod, version: HTTPVersion, keepAlive: Bool, requestID: String, date: String) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256 + body.count)
        // A string's bytes copied in place: appending its `utf8` view went through the
        // collection's generic path, 2 % of a static file's answer.
        func append(_ text: String) {
            var text = text
            text.withUTF8 { bytes.append(contentsOf: $0) }
        }
        append("HTTP/1.1 ")
        append(String(status.code))
        append(" ")
        append(status.reason)
        append("\r\n")
        func field(_ name: String, _ value: String) {
            let start = bytes.count
            append(name)
            append(": ")
            append(value)
            // Checked in one pass over what was appended; rewritten only when something is there.
            let forbidden = bytes.withUnsafeBufferPointer { written in
                written[start...].contains { $0 == .cr || $0 == .lf || $0 == 0 }
            }
            if forbidden {
                for index in start..<bytes.count where bytes[index] == .cr || bytes[index] == .lf || bytes[index] == 0 {
                    bytes[index] = .space
                }
            }
            append("\r\n")
        }
        if !status.forbidsBody {
            field("Content-Length", String(body.count))
        }
        field("Date", date)
        if !keepAlive {
            field("Connection", "close")
        } else if version == .http1_0 {
            field("Connection", "keep-alive")
        }
        field("X-Request-Id", requestID)
        // On every response, errors and refusals included: a browser must never guess that text
        // echoing a request (`<script>` in a 404's path) is HTML (Fetch §X-Content-Type-Options).
        field("X-Content-Type-Options", "nosniff")
        for (name, value) in headers where !Self.isManaged(name) {
            field(name, value)
        }
        append("\r\n")
        if method != .head, !status.forbidsBody {
            bytes.append(contentsOf: body)
        }
        return bytes
    }

    /// Fields the server sets itself; a handler's copy of one is dropped.
    private static func isManaged(_ name: String) -> Bool {
        switch name.utf8.count {
        case 4: HTTPHeaders.equalNames(name, "Date")
        case 10: HTTPHeaders.equalNames(name, "Connection")
        case 12: HTTPHeaders.equalNames(name, "X-Request-Id")
        case 14: HTTPHeaders.equalNames(name, "Content-Length")
        case 17: HTTPHeaders.equalNames(name, "Transfer-Encoding")
        case 22: HTTPHeaders.equalNames(name, "X-Content-Type-Options")
        default: false
        }
    }
}
