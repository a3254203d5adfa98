/// Reads `multipart/form-data` bodies (RFC 7578) into their parts, by the framing of RFC 2046
/// §5.1.1, doing no more work than the limits allow: nothing past the part that breaks a limit
/// or a rule is read, and the epilogue after the closing `--boundary--` is never read.
public enum MultipartParser {
    /// The boundary a `Content-Type` of `multipart/form-data` announces, quoted or not.
    /// - Throws: ``HTTPError`` 415 for another content type, 400 for a missing, repeated or
    ///   malformed boundary.
    public static func boundary(contentType: String) throws(HTTPError) -> [UInt8] {
        guard let type = HeaderParameters(contentType) else {
            throw HTTPError(.badRequest, "The Content-Type's parameters are malformed.")
        }
        guard type.value.lowercased() == "multipart/form-data" else {
            throw HTTPError(.unsupportedMediaType, "This takes multipart/form-data.")
        }
        let boundaries = type.values("boundary")
        guard boundaries.count < 2 else {
            throw HTTPError(.badRequest, "The Content-Type names more than one boundary.")
        }
        guard let boundary = boundaries.first else {
            throw HTTPError(.badRequest, "A multipart/form-data body needs the boundary parameter of its Content-Type.")
        }
        // RFC 2046 §5.1.1: 1 to 70 of bchars, the last not a space. Without CR among them, a
        // search for the delimiter never reads a byte more than twice.
        let bytes = Array(boundary.utf8)
        guard (1...70).contains(bytes.count), bytes.allSatisfy(isBoundaryCharacter), bytes.last != UInt8(ascii: " ") else {
            throw HTTPError(.badRequest, "The multipart boundary must be 1 to 70 letters, digits or '()+_,-./:=? ', not ending in a space.")
        }
        return bytes
    }

    /// The parts of `body`, in order.
    /// - Parameter examined: counts the bytes read, so tests can show a hostile body costs no
    ///   more than its allowed parts.
    /// - Throws: ``HTTPError`` 400 naming what is malformed, 413 when a limit is passed.
    public static func parse(
        _ body: [UInt8], boundary: [UInt8], limits: MultipartLimits = MultipartLimits(), examined: inout Int
    ) throws(HTTPError) -> [MultipartPart] {
        let dashBoundary = Array("--".utf8) + boundary
        let delimiter = Array("\r\n".utf8) + dashBoundary
        // RFC 2046 §5.1.1: the first boundary line opens the body, or ends a preamble.
        var position: Int
        if body.starts(with: dashBoundary) {
            examined += dashBoundary.count
            position = dashBoundary.count
        } else if let first = find(delimiter, in: body, from: 0, before: body.count, examined: &examined) {
            position = first + delimiter.count
        } else {
            throw HTTPError(.badRequest, "The multipart body has no line --boundary with the boundary its Content-Type names.")
        }
        var parts: [MultipartPart] = []
        while true {
            if has(Array("--".utf8), in: body, at: position) { return parts }
            while position < body.count, body[position] == UInt8(ascii: " ") || body[position] == UInt8(ascii: "\t") {
                examined += 1
                position += 1
            }
            guard has(Array("\r\n".utf8), in: body, at: position) else {
                throw HTTPError(.badRequest, position >= body.count
                    ? "The multipart body ends without its closing line --boundary--."
                    : "A multipart boundary line goes on after the boundary; it must end there, or with -- after the last part.")
            }
            examined += 2
            position += 2
            let number = parts.count + 1
            guard parts.count < limits.parts else {
                throw HTTPError(.contentTooLarge, "The form has more than \(limits.parts) parts.")
            }
            let (head, contentStart) = try self.head(body, from: position, number: number, limits: limits, examined: &examined)
            var part = try self.part(head, number: number)
            let (length, overflow) = limits.partBody.addingReportingOverflow(delimiter.count)
            let searchEnd = reach(body, from: contentStart, overflow ? .max : length)
            guard let end = find(delimiter, in: body, from: contentStart, before: searchEnd, examined: &examined) else {
                let name = HTTPRequest.printable(part.name)
                throw searchEnd < body.count
                    ? HTTPError(.contentTooLarge, "Part \(number) ('\(name)') is larger than \(limits.partBody) bytes.")
                    : HTTPError(.badRequest, "The multipart body ends inside part \(number) ('\(name)'), without its closing line --boundary--.")
            }
            part.body = Array(body[contentStart..<end])
            parts.append(part)
            position = end + delimiter.count
        }
    }

    /// A part's header block, without its blank line, and where its content starts.
    private static func head(
        _ body: [UInt8], from start: Int, number: Int, limits: MultipartLimits, examined: inout Int
    ) throws(HTTPError) -> (ArraySlice<UInt8>, Int) {
        let crlf = Array("\r\n".utf8)
        // No header at all: the blank line comes first.
        if has(crlf, in: body, at: start) {
            examined += 2
            return (body[start..<start], start + 2)
        }
        let blank = crlf + crlf
        let searchEnd = reach(body, from: start, limits.partHead)
        guard let end = find(blank, in: body, from: start, before: searchEnd, examined: &examined) else {
            throw searchEnd < body.count
                ? HTTPError(.contentTooLarge, "Part \(number)'s header is larger than \(limits.partHead) bytes.")
                : HTTPError(.badRequest, "The multipart body ends inside part \(number)'s header, before the blank line that ends it.")
        }
        return (body[start..<end], end + blank.count)
    }

    /// The part a header block describes, its content not yet read (RFC 7578 §4.2–4.7).
    private static func part(_ head: ArraySlice<UInt8>, number: Int) throws(HTTPError) -> MultipartPart {
        guard let text = String(validating: head, as: UTF8.self) else {
            throw HTTPError(.badRequest, "Part \(number)'s header is not UTF-8.")
        }
        var disposition: HeaderParameters?
        var contentType: String?
        for line in text.split(separator: "\r\n", omittingEmptySubsequences: false) {
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex,
                  !line[..<colon].contains(where: { $0 == " " || $0 == "\t" }) else {
                throw HTTPError(.badRequest, "Part \(number)'s header has a line that is not 'Name: value'.")
            }
            let value = String(line[line.index(after: colon)...].trimmingSpaces)
            switch line[..<colon].lowercased() {
            case "content-disposition":
                guard disposition == nil else { throw HTTPError(.badRequest, "Part \(number) has more than one Content-Disposition.") }
                guard let parsed = HeaderParameters(value) else {
                    throw HTTPError(.badRequest, "Part \(number)'s Content-Disposition is malformed.")
                }
                disposition = parsed
            case "content-type":
                guard contentType == nil else { throw HTTPError(.badRequest, "Part \(number) has more than one Content-Type.") }
                contentType = value
            case "content-transfer-encoding":
                // RFC 7578 §4.7: senders do not encode parts; an encoding other than none is not undone here.
                guard ["7bit", "8bit", "binary"].contains(value.lowercased()) else {
                    throw HTTPError(.badRequest, "Part \(number) is sent in the \(value) encoding; send it as it is (binary).")
                }
            default:
                continue
            }
        }
        guard let disposition, disposition.value.lowercased() == "form-data" else {
            throw HTTPError(.badRequest, "Part \(number) has no Content-Disposition: form-data.")
        }
        let names = disposition.values("name"), filenames = disposition.values("filename")
        guard names.count == 1, let name = names.first else {
            throw HTTPError(.badRequest, names.isEmpty
                ? "Part \(number) has no name (Content-Disposition: form-data; name=\"…\")."
                : "Part \(number) has more than one name.")
        }
        guard filenames.count < 2 else { throw HTTPError(.badRequest, "Part \(number) has more than one filename.") }
        return MultipartPart(name: name, filename: filenames.first, contentType: contentType, body: [])
    }

    /// Where `needle` first starts in `body[from..<before]`. The needles are the four bytes of a
    /// blank line, or a delimiter whose one CR is its first byte: no byte is compared more than
    /// four times, whatever the body.
    private static func find(_ needle: [UInt8], in body: [UInt8], from start: Int, before end: Int, examined: inout Int) -> Int? {
        var index = start
        while index + needle.count <= end {
            examined += 1
            if body[index] == needle[0] {
                var matched = 1
                while matched < needle.count, body[index + matched] == needle[matched] { matched += 1 }
                examined += matched - 1
                if matched == needle.count { return index }
            }
            index += 1
        }
        return nil
    }

    /// Where `length` bytes from `start` end, or the body does: a limit as large as `Int.max`
    /// reaches no arithmetic that can trap.
    private static func reach(_ body: [UInt8], from start: Int, _ length: Int) -> Int {
        length >= body.count - start ? body.count : start + length
    }

    private static func has(_ bytes: [UInt8], in body: [UInt8], at index: Int) -> Bool {
        index + bytes.count <= body.count && body[index..<(index + bytes.count)].elementsEqual(bytes)
    }

    /// RFC 2046 §5.1.1 `bchars`: digits, letters and `'()+_,-./:=?` and space.
    private static func isBoundaryCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
            true
        default:
            Array("'()+_,-./:=? ".utf8).contains(byte)
        }
    }
}
