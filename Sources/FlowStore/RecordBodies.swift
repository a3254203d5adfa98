import Foundation
import Locking

/// A record's fields as every backend keeps them — one JSON object, keys sorted — and the bodies
/// already decoded: a screen listing 20 records reads the same bodies request after request, and
/// decoding JSON costs more than the query.
public final class RecordBodies: Sendable {
    /// How many decoded bodies are kept; past it the cache starts over.
    public static let limit = 4_096
    private let values = Lock<[Key: RecordFields]>([:])

    public init() {}

    /// A body's UTF-8 bytes: a `String` key would be hashed by its Unicode normal form, which
    /// costs more than the lookup saves for text with accents.
    private typealias Key = HashedBytes

    /// The stored form of a record's fields.
    public static func encode(_ values: [String: RecordValue]) throws -> String {
        String(decoding: try encoder.encode(values), as: UTF8.self)
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return encoder
    }()

    /// The fields of each body, decoded once and then kept (and shared by the records read from
    /// it): the cache is locked once to look them all up and once to keep what was decoded,
    /// whatever the number of records.
    public func decode(_ bodies: [[UInt8]]) throws -> [RecordFields] {
        let keys = bodies.map { Key($0) }
        let found = values.withLock { cache in keys.map { cache[$0] } }
        var fresh: [Key: RecordFields] = [:]
        let decoded = try zip(keys, found).map { key, known in
            if let known = known ?? fresh[key] { return known }
            let values = RecordFields(try JSONDecoder().decode([String: RecordValue].self, from: Data(key.bytes)))
            fresh[key] = values
            return values
        }
        if !fresh.isEmpty {
            values.withLock { cache in
                if cache.count + fresh.count > Self.limit { cache.removeAll(keepingCapacity: true) }
                for (key, values) in fresh { cache[key] = values }
            }
        }
        return decoded
    }
}
