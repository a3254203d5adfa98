extension HTTPResponse {
    /// The bytes on the wire: status line, fields and body in one buffer, so one write sends
    /// it (a small response split over two writes waits on delayed ACKs).
    ///
    /// `Content-Length`, `Date`, `Connection` and `X-Request-Id` are set here. The body is dropped
    /// for HEAD and statuses that forbid one (RFC 9110 §6.4.1); CR, LF and NUL never reach the
    /// wire inside a field, whatever a handler put there.
    func serialized(for method: HTTPMethod, version: HTTPVersion, keepAlive: Bool, requestID: String, date: String) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256 + body.count)
        bytes.append(contentsOf: "HTTP/1.1 \(status.code) \(status.reason)\r\n".utf8)
        func field(_ name: String, _ value: String) {
            bytes.append(contentsOf: Self.safe(name))
            bytes.append(contentsOf: ": ".utf8)
            bytes.append(contentsOf: Self.safe(value))
            bytes.append(contentsOf: "\r\n".utf8)
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
        for (name, value) in headers where !Self.managed.contains(where: { HTTPHeaders.equalNames($0, name) }) {
            field(name, value)
        }
        bytes.append(contentsOf: "\r\n".utf8)
        if method != .head, !status.forbidsBody {
            bytes.append(contentsOf: body)
        }
        return bytes
    }

    private static let managed = ["Content-Length", "Date", "Connection", "X-Request-Id", "Transfer-Encoding"]

    private static func safe(_ text: String) -> some Sequence<UInt8> {
        text.utf8.lazy.map { $0 == .cr || $0 == .lf || $0 == 0 ? .space : $0 }
    }
}
