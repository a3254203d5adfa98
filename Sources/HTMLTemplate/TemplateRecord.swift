/// A record of named values, as templates read `user.name`: built like a dictionary, stored as
/// parallel arrays. Records in templates are small, and comparing short keys is cheaper than
/// hashing them, so members are found by a scan; large records keep a hash index as well.
public struct TemplateRecord: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    private var keys: [String] = []
    private var values: [TemplateValue] = []
    /// Built only for records larger than ``scanLimit``.
    private var index: [String: Int]?
    static let scanLimit = 24

    /// Creates a record from a dictionary.
    public init(_ members: [String: TemplateValue]) {
        keys.reserveCapacity(members.count)
        values.reserveCapacity(members.count)
        for (key, value) in members {
            keys.append(key)
            values.append(value)
        }
        if keys.count > Self.scanLimit {
            index = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) })
        }
    }

    /// Creates a record from members whose names differ: no dictionary is built on the way.
    public init(uniqueMembers members: [(String, TemplateValue)]) {
        keys = members.map(\.0)
        values = members.map(\.1)
        if keys.count > Self.scanLimit {
            index = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) })
        }
    }

    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        self.init(lastOf: elements)
    }

    /// Creates a record from members in which a name may repeat: the last one counts, as in a
    /// dictionary literal. Found by a scan too, which for a few members beats hashing them.
    init(lastOf members: [(String, TemplateValue)]) {
        keys.reserveCapacity(members.count)
        values.reserveCapacity(members.count)
        for (key, value) in members {
            if let position = keys.firstIndex(of: key) {
                values[position] = value
            } else {
                keys.append(key)
                values.append(value)
            }
        }
        if keys.count > Self.scanLimit {
            index = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) })
        }
    }

    /// The member `key`.
    public subscript(key: String) -> TemplateValue? {
        if let index { return index[key].map { values[$0] } }
        for position in keys.indices where keys[position] == key {
            return values[position]
        }
        return nil
    }

    /// The number of members.
    public var count: Int { keys.count }

    /// The members as a dictionary.
    public var dictionary: [String: TemplateValue] {
        Dictionary(uniqueKeysWithValues: zip(keys, values))
    }

    public static func == (lhs: TemplateRecord, rhs: TemplateRecord) -> Bool {
        lhs.dictionary == rhs.dictionary
    }
}
