/// A record of named values, as templates read `user.name`: built like a dictionary, stored as
/// parallel arrays. Records in templates are small, and comparing short keys is cheaper than
/// hashing them, so members are found by a scan; large records keep a hash index as well.
/// Records of one shape (a collection's twenty listings) share a ``Layout``: their names and
/// where each is, worked out once.
public struct TemplateRecord: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    private var keys: [String] = []
    private var values: [TemplateValue] = []
    /// Built only for records larger than ``scanLimit``, or given by a shared ``Layout``.
    private var index: Index?
    static let scanLimit = 24

    /// Where a record's members are, by name.
    private enum Index: Sendable {
        case hashed([String: Int])
        case layout(Layout)
    }

    /// The member names records of one shape have, in their order, and where each is (an index
    /// under FNV-1a). Made once for a shape whose names are declared, not sent (a data
    /// collection's fields): nobody chooses names that collide.
    public final class Layout: Sendable {
        /// The names, in the order a record's values are given.
        public let names: [String]
        let index: NameIndex

        /// A layout of `names`, which differ from each other.
        public init(_ names: [String]) {
            precondition(Set(names).count == names.count, "a record's member names differ")
            self.names = names
            index = NameIndex(names)
        }

        /// The position of `name` among ``names``, nil when it is not one of them.
        public func position(of name: String) -> Int? {
            index.position(of: TemplateName(name), in: names)
        }
    }

    /// Creates a record from a dictionary.
    public init(_ members: [String: TemplateValue]) {
        keys.reserveCapacity(members.count)
        values.reserveCapacity(members.count)
        for (key, value) in members {
            keys.append(key)
            values.append(value)
        }
        if keys.count > Self.scanLimit { index = Self.hashed(keys) }
    }

    /// Creates a record from members whose names differ: no dictionary is built on the way.
    public init(uniqueMembers members: [(String, TemplateValue)]) {
        keys = members.map(\.0)
        values = members.map(\.1)
        if keys.count > Self.scanLimit { index = Self.hashed(keys) }
    }

    /// Creates a record of `layout`'s shape: `values` in the order of its names.
    public init(layout: Layout, values: [TemplateValue]) {
        precondition(values.count == layout.names.count, "a record has a value for each name of its layout")
        keys = layout.names
        self.values = values
        index = .layout(layout)
    }

    private static func hashed(_ keys: [String]) -> Index {
        .hashed(Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) }))
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
        if keys.count > Self.scanLimit { index = Self.hashed(keys) }
    }

    /// The member `key`.
    public subscript(key: String) -> TemplateValue? {
        switch index {
        case .layout(let layout): return layout.position(of: key).map { values[$0] }
        case .hashed(let positions): return positions[key].map { values[$0] }
        case nil: break
        }
        for position in keys.indices where keys[position] == key {
            return values[position]
        }
        return nil
    }

    /// The member `name`, found without hashing it again: a template's names are hashed when
    /// it is compiled.
    public subscript(name name: TemplateName) -> TemplateValue? {
        switch index {
        case .layout(let layout): return layout.index.position(of: name, in: layout.names).map { values[$0] }
        case .hashed(let positions): return positions[name.text].map { values[$0] }
        case nil: break
        }
        for position in keys.indices where keys[position] == name.text {
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
