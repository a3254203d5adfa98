@testable import HTTPServer
import Testing

/// Feeds raw bytes to a parser and collects what comes out, or the error.
func parse(_ bytes: [UInt8], limits: RequestLimits = RequestLimits(), byteByByte: Bool = false) -> Result<[ParseOutput], RequestParseError> {
    var parser = RequestParser(limits: limits)
    var outputs: [ParseOutput] = []
    func drain() throws(RequestParseError) {
        while let output = try parser.next() { outputs.append(output) }
    }
    do {
        if byteByByte {
            for byte in bytes {
                parser.append([byte])
                try drain()
            }
        } else {
            parser.append(bytes)
            try drain()
        }
        return .success(outputs)
    } catch {
        return .failure(error)
    }
}

/// Parses whole and byte by byte, checking both ways agree.
func parseBothWays(_ text: String, limits: RequestLimits = RequestLimits(), sourceLocation: SourceLocation = #_sourceLocation) -> Result<[ParseOutput], RequestParseError> {
    let bytes = Array(text.utf8)
    let whole = parse(bytes, limits: limits)
    let incremental = parse(bytes, limits: limits, byteByByte: true)
    switch (whole, incremental) {
    case (.success(let a), .success(let b)):
        #expect(a == b, "whole and byte-by-byte parsing disagree", sourceLocation: sourceLocation)
    case (.failure(let a), .failure(let b)):
        #expect(a.status == b.status, "whole (\(a)) and byte-by-byte (\(b)) parsing disagree", sourceLocation: sourceLocation)
    default:
        Issue.record("whole gives \(whole), byte by byte gives \(incremental)", sourceLocation: sourceLocation)
    }
    return whole
}

extension Result where Success == [ParseOutput], Failure == RequestParseError {
    /// The requests parsed, skipping `.expectContinue`.
    var requests: [ParsedRequest] {
        guard case .success(let outputs) = self else { return [] }
        return outputs.compactMap {
            if case .request(let request) = $0 { request } else { nil }
        }
    }

    var error: RequestParseError? {
        if case .failure(let error) = self { error } else { nil }
    }
}
