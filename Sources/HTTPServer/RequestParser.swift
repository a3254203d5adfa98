/// An HTTP/1.1 request parser (RFC 9112) free of I/O: the connection appends the bytes it reads
/// and takes complete requests out, in order, so pipelined requests come out one by one.
public struct RequestParser: Sendable {
    /// The head of the request being read, with how its body is framed.
    struct Head: Sendable {
        var request: ParsedRequest
        var framing: Framing
        var expectsContinue: Bool
    }

    /// How a body's length is known (RFC 9112 §6.3).
    enum Framing: Sendable {
        case none
        case length(Int)
        case chunked
    }

    enum State: Sendable {
        case head
        case body(Head, remaining: Int)
        case chunkSize(Head)
        case chunkData(Head, remaining: Int)
        case chunkEnd(Head)
        case trailers(Head, size: Int)
        case failed(RequestParseError)
    }

    /// How far into its head the search for the head's end has got, so that each call looks only
    /// at bytes no call has looked at: a head costs its length however its bytes arrive.
    enum HeadScan: Sendable {
        /// No space yet: every byte is a method character.
        case method
        /// Past the method, before the request line's end.
        case requestLine
        /// Past the request line.
        case fields
    }

    let limits: RequestLimits
    var buffer: [UInt8] = []
    /// Bytes before `start` are consumed.
    var start = 0
    /// How far the search for the end of the head has looked.
    var scanned = 0
    /// What the bytes before `scanned` showed of the head being read.
    var headScan = HeadScan.method
    var state: State = .head
    var body: [UInt8] = []

    /// Creates a parser enforcing `limits`.
    public init(limits: RequestLimits = RequestLimits()) {
        self.limits = limits
    }

    /// Adds bytes read from the connection.
    public mutating func append(_ bytes: some Sequence<UInt8>) {
        buffer.append(contentsOf: bytes)
    }

    /// Whether part of a request has arrived but not all of it.
    public var hasPartialRequest: Bool {
        if case .head = state { return start < buffer.count }
        return true
    }

    /// How many bytes are held that no request has taken yet.
    var unconsumedCount: Int { buffer.count - start }

    /// Whether the head is complete and the body is being read.
    public var isReadingBody: Bool {
        switch state {
        case .head, .failed: false
        default: true
        }
    }

    /// The next complete request, or `.expectContinue` once per head that asks for it, or nil
    /// when more bytes are needed.
    /// - Throws: ``RequestParseError`` for a request that must be refused; every later call
    ///   throws it again.
    public mutating func next() throws(RequestParseError) -> ParseOutput? {
        do {
            return try step()
        } catch {
            state = .failed(error)
            throw error
        }
    }

    private mutating func step() throws(RequestParseError) -> ParseOutput? {
        while true {
            switch state {
            case .failed(let error):
                throw error
            case .head:
                guard let head = try parseHead() else { return nil }
                switch head.framing {
                case .none:
                    return finish(head)
                case .length(let length):
                    state = .body(head, remaining: length)
                case .chunked:
                    state = .chunkSize(head)
                }
                if head.expectsContinue { return .expectContinue }
            case .body(let head, let remaining):
                let left = takeBody(remaining)
                guard left == 0 else {
                    state = .body(head, remaining: left)
                    return nil
                }
                return finish(head)
            case .chunkSize(let head):
                guard let size = try parseChunkSize() else { return nil }
                state = size == 0 ? .trailers(head, size: 0) : .chunkData(head, remaining: size)
            case .chunkData(let head, let remaining):
                let left = takeBody(remaining)
                guard left == 0 else {
                    state = .chunkData(head, remaining: left)
                    return nil
                }
                state = .chunkEnd(head)
            case .chunkEnd(let head):
                // RFC 9112 §7.1: chunk-data is followed by exactly CRLF.
                guard buffer.count - start >= 2 else { return nil }
                guard buffer[start] == .cr, buffer[start + 1] == .lf else { throw .bad("chunk data is not followed by CRLF") }
                start += 2
                state = .chunkSize(head)
            case .trailers(let head, let size):
                guard let line = try takeLine(limit: limits.fieldLine, tooLong: RequestParseError(.requestHeaderFieldsTooLarge, "trailer field too long")) else {
                    return nil
                }
                if line.isEmpty { return finish(head) }
                // RFC 9112 §7.1.2: trailer fields are header-shaped; they are checked and ignored.
                _ = try Self.field(from: line)
                let total = size + line.count + 2
                guard total <= limits.head else { throw RequestParseError(.requestHeaderFieldsTooLarge, "trailer section too large") }
                state = .trailers(head, size: total)
            }
        }
    }

    /// Moves up to `wanted` body bytes out of the buffer; returns how many are still to come.
    private mutating func takeBody(_ wanted: Int) -> Int {
        let count = min(wanted, buffer.count - start)
        body.append(contentsOf: buffer[start..<start + count])
        start += count
        if count < wanted { compact() }
        return wanted - count
    }

    private mutating func finish(_ head: Head) -> ParseOutput {
        var request = head.request
        request.body = body
        body = []
        state = .head
        compact()
        return .request(request)
    }

    /// Drops consumed bytes once they are most of the buffer.
    mutating func compact() {
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: buffer.capacity <= 64 * 1024)
            start = 0
            scanned = 0
        } else if start > 4096, start > buffer.count / 2 {
            buffer.removeFirst(start)
            scanned = max(0, scanned - start)
            start = 0
        }
    }

    /// Takes one CRLF-terminated line (RFC 9112 §2.2; a bare LF is refused), without the CRLF.
    mutating func takeLine(limit: Int, tooLong: RequestParseError) throws(RequestParseError) -> ArraySlice<UInt8>? {
        let end = min(buffer.count, start + limit + 2)
        guard let lf = buffer[start..<end].firstIndex(of: .lf) else {
            if buffer.count - start > limit + 1 { throw tooLong }
            return nil
        }
        guard lf > start, buffer[lf - 1] == .cr else { throw .bad("line ends in a bare LF") }
        let line = buffer[start..<lf - 1]
        if line.contains(.cr) { throw .bad("bare CR in a line") }
        start = lf + 1
        return line
    }
}

extension UInt8 {
    static let cr = UInt8(ascii: "\r")
    static let lf = UInt8(ascii: "\n")
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")
    static let colon = UInt8(ascii: ":")

    /// A tchar of RFC 9110 §5.6.2: the characters of tokens such as methods and field names.
    var isTokenCharacter: Bool {
        switch self {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
             UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
             UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }
}
