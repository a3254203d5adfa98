/// A route's URL path pattern such as `/listing/{id}/gallery`: parsed once, matched both ways.
///
/// A placeholder fills a whole segment. Matching takes the raw (still percent-encoded) path and
/// decodes each segment on its own, so an encoded `/` inside a value never splits it.
public struct PathPattern: Hashable, Sendable, CustomStringConvertible {
    /// One `/`-separated part of the pattern.
    public enum Segment: Hashable, Sendable {
        /// Text that must appear as written.
        case literal(String)
        /// A placeholder naming a parameter.
        case parameter(String)
    }

    /// Why a pattern could not be parsed.
    public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
        /// What is wrong and how to write it instead.
        public let description: String
    }

    /// The segments after the leading `/`; empty for the root path `/`.
    public let segments: [Segment]
    /// Each literal segment percent-encoded as a path writes it (nil for a placeholder): a page
    /// writes dozens of links, each of which would encode its literals again.
    private let encodedLiterals: [String?]

    /// Parses a pattern such as `/auth/reset-password` or `/listing/{id}`.
    public init(_ source: String) throws(ParseError) {
        guard source.first == "/" else {
            throw ParseError(description: "a path must start with '/', as in '/\(source)'")
        }
        guard source != "/" else {
            segments = []
            encodedLiterals = []
            return
        }
        var parsed: [Segment] = []
        var names: Set<String> = []
        for part in source.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            if part.isEmpty {
                throw ParseError(description: "'\(source)' has an empty segment; remove the doubled or trailing '/'")
            }
            if part.first == "{" || part.last == "}" {
                guard part.first == "{", part.last == "}", part.count > 2 else {
                    throw ParseError(description: "'\(part)' in '\(source)' must be a whole segment such as '{id}'")
                }
                let name = String(part.dropFirst().dropLast())
                guard Self.isIdentifier(name) else {
                    throw ParseError(description: "'\(name)' is not a parameter name; use letters, digits and '_'")
                }
                guard names.insert(name).inserted else {
                    throw ParseError(description: "'{\(name)}' appears twice in '\(source)'")
                }
                parsed.append(.parameter(name))
            } else {
                guard let decoded = PercentEncoding.decode(part), !decoded.contains("{"), !decoded.contains("}") else {
                    throw ParseError(description: "'\(part)' in '\(source)' is not a valid path segment")
                }
                parsed.append(.literal(decoded))
            }
        }
        segments = parsed
        encodedLiterals = parsed.map { segment in
            if case .literal(let text) = segment { PercentEncoding.encodeSegment(text) } else { nil }
        }
    }

    /// The names of the path's placeholders, in order.
    public var parameterNames: [String] {
        segments.compactMap {
            if case .parameter(let name) = $0 { name } else { nil }
        }
    }

    /// Whether another pattern matches exactly the same paths (same literals, placeholders in the
    /// same places). Overlaps such as `/listing/new` against `/listing/{id}` are allowed: the
    /// literal wins when matching.
    public func hasSameShape(as other: PathPattern) -> Bool {
        guard segments.count == other.segments.count else { return false }
        return zip(segments, other.segments).allSatisfy { pair in
            switch pair {
            case (.literal(let a), .literal(let b)): a == b
            case (.parameter, .parameter): true
            default: false
            }
        }
    }

    /// The number of literal segments: more literals is a more specific pattern.
    var specificity: Int {
        segments.count { if case .literal = $0 { true } else { false } }
    }

    /// Matches a raw path, returning the decoded placeholder values, or nil when it does not match.
    public func match(_ path: Substring) -> [String: String]? {
        Self.decodedSegments(of: path).flatMap(match(segments:))
    }

    /// A raw path's segments, each percent-decoded; nil when the path does not start with `/`, or
    /// a segment is empty or not valid percent-encoded UTF-8, so that no pattern can match it.
    /// Decoding once lets a route table match every pattern against the same segments.
    public static func decodedSegments(of path: Substring) -> [String]? {
        guard path.first == "/" else { return nil }
        guard path != "/" else { return [] }
        var decoded: [String] = []
        for part in path.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            guard let segment = PercentEncoding.decode(part), !segment.isEmpty else { return nil }
            decoded.append(segment)
        }
        return decoded
    }

    /// Whether `text` is written the same percent-encoded (letters, digits, `-._~` only), so a
    /// raw path can be compared with it as it comes.
    static func isUnreserved(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x2D || byte == 0x2E || byte == 0x5F || byte == 0x7E
        }
    }

    /// Matches a path already split and decoded by ``decodedSegments(of:)``.
    public func match(segments parts: [String]) -> [String: String]? {
        guard parts.count == segments.count else { return nil }
        var values: [String: String] = [:]
        for (segment, part) in zip(segments, parts) {
            switch segment {
            case .literal(let text):
                guard part == text else { return nil }
            case .parameter(let name):
                values[name] = part
            }
        }
        return values
    }

    /// The path for the given placeholder values, each percent-encoded as one segment; nil when a
    /// placeholder has no value.
    public func path(with values: [String: String]) -> String? {
        path { values[$0] }
    }

    /// The path with each placeholder filled by `value(name)`, percent-encoded; nil when a
    /// placeholder has no value or an empty one.
    public func path(filling value: (String) -> String?) -> String? {
        var result = ""
        for (segment, encoded) in zip(segments, encodedLiterals) {
            result += "/"
            switch segment {
            case .literal:
                result += encoded ?? ""
            case .parameter(let name):
                guard let value = value(name), !value.isEmpty else { return nil }
                result += PercentEncoding.encodeSegment(value)
            }
        }
        return result.isEmpty ? "/" : result
    }

    /// The pattern as written, placeholders in braces.
    public var description: String {
        guard !segments.isEmpty else { return "/" }
        return segments.map {
            switch $0 {
            case .literal(let text): "/" + PercentEncoding.encodeSegment(text)
            case .parameter(let name): "/{\(name)}"
            }
        }.joined()
    }

    private static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || first.properties.isAlphabetic && first.isASCII
        else { return false }
        return name.unicodeScalars.allSatisfy { $0.isASCII && ($0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0)) }
    }
}
