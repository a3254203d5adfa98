import HTTPServer

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRequestParser(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: start, count: count))
    var limits = RequestLimits()
    limits.body = 4096
    limits.head = 2048
    limits.requestLine = 512
    limits.fieldLine = 512
    func run(_ pieces: [ArraySlice<UInt8>]) -> (outputs: [ParseOutput], error: HTTPStatus?) {
        var parser = RequestParser(limits: limits)
        var outputs: [ParseOutput] = []
        do {
            for piece in pieces {
                parser.append(piece)
                while let output = try parser.next() {
                    outputs.append(output)
                    if case .request(let request) = output,
                       let made = try? HTTPRequest(method: request.method, target: request.target, headers: request.headers, body: request.body) {
                        readForm(made)
                    }
                }
            }
            return (outputs, nil)
        } catch {
            return (outputs, error.status)
        }
    }
    // The same bytes split anywhere must parse the same as in one piece.
    let split = bytes.isEmpty ? 0 : Int(bytes[0]) % (bytes.count + 1)
    let whole = run([bytes[...]])
    let pieces = run([bytes[..<split], bytes[split...]])
    if whole.outputs != pieces.outputs || whole.error != pieces.error {
        fatalError("parsing in one piece and in two disagree")
    }
    return 0
}

/// Reads a parsed request's body as a form and, when it says it is multipart, as its parts with
/// small limits: no body may crash either, parts stay within their limits and the body, and the
/// parser reads no byte more than a few times.
func readForm(_ request: HTTPRequest) {
    _ = try? request.formFields()
    guard let type = request.headers["Content-Type"], let boundary = try? MultipartParser.boundary(contentType: type) else { return }
    var limits = MultipartLimits()
    limits.parts = 8
    limits.partHead = 256
    limits.partBody = 1024
    var examined = 0
    let parts = try? MultipartParser.parse(request.body, boundary: boundary, limits: limits, examined: &examined)
    if let parts, parts.count > limits.parts || parts.contains(where: { $0.body.count > limits.partBody })
        || parts.reduce(0, { $0 + $1.body.count }) > request.body.count {
        fatalError("\(parts.count) parts past the limits or the body")
    }
    if examined > 4 * request.body.count + 8 {
        fatalError("read \(examined) bytes of a body of \(request.body.count)")
    }
}
