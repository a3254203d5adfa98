/// A route path with `{name}` placeholders, such as `/suma/_action/{id}`, split at `/`.
struct RoutePattern: Sendable {
    /// Each segment's literal text, or nil for a placeholder. Patterns with the same shape
    /// match the same requests, whatever their placeholders are called.
    let shape: [String?]
    /// The placeholders' names, with the index of their segment.
    let names: [(index: Int, name: String)]

    /// Whether `path` is written as a pattern rather than an exact path.
    static func isPattern(_ path: String) -> Bool {
        path.contains("{") || path.contains("}")
    }

    /// Parses `path`; a malformed pattern is a programmer error, caught when the route is added.
    init(_ path: String) {
        guard path.first == "/" else { preconditionFailure("Route pattern \"\(path)\" must start with /.") }
        var shape: [String?] = []
        var names: [(index: Int, name: String)] = []
        for (index, segment) in path.split(separator: "/", omittingEmptySubsequences: false).enumerated() {
            guard segment.contains("{") || segment.contains("}") else {
                shape.append(String(segment))
                continue
            }
            let name = segment.dropFirst().dropLast()
            guard segment.first == "{", segment.last == "}", segment.count > 2, !name.contains("{"), !name.contains("}") else {
                preconditionFailure("Route pattern \"\(path)\": \"\(segment)\" must be a whole segment {name}, with a non-empty name.")
            }
            guard !names.contains(where: { $0.name == name }) else {
                preconditionFailure("Route pattern \"\(path)\" uses the placeholder {\(name)} twice.")
            }
            shape.append(nil)
            names.append((index, String(name)))
        }
        self.shape = shape
        self.names = names
    }

    /// The segments of `rawPath`, each percent-decoded on its own so that `%2F` stays inside
    /// its segment; nil for a segment with an invalid encoding, which no pattern matches.
    static func segments(ofRawPath rawPath: String) -> [String?] {
        rawPath.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).map { URLEncoding.decode($0) }
    }

    /// Whether `segments` fit `shape`: literals equal, each placeholder taking one non-empty segment.
    static func matches(_ shape: [String?], _ segments: [String?]) -> Bool {
        guard shape.count == segments.count else { return false }
        return zip(shape, segments).allSatisfy { literal, segment in
            guard let segment else { return false }
            return literal.map { $0 == segment } ?? !segment.isEmpty
        }
    }

    /// The placeholders' values in `segments`, which match this pattern.
    func parameters(in segments: [String?]) -> [String: String] {
        Dictionary(uniqueKeysWithValues: names.map { ($0.name, segments[$0.index] ?? "") })
    }

    /// Whether `shape` is tried before `other`: the first segment where one has a literal and
    /// the other a placeholder decides for the literal.
    static func isMoreSpecific(_ shape: [String?], than other: [String?]) -> Bool {
        for (segment, otherSegment) in zip(shape, other) where (segment == nil) != (otherSegment == nil) {
            return segment != nil
        }
        // Shapes of different lengths never match the same path; ordering them only keeps the sort total.
        return shape.count > other.count
    }
}
