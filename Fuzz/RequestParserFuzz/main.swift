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
                    if case .request(let request) = output {
                        _ = try? HTTPRequest(method: request.method, target: request.target, headers: request.headers, body: request.body)
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
