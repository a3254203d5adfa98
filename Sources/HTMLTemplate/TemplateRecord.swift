/// A record of named values, as templates read `user.name`: built like a dictionary, stored as
/// parallel arrays. Records in templates are small, and comparing short keys is cheaper than
/// hashing them, so members are found by a scan; large records keep a hash index as well.
/// Records of one shape (a collection's twenty listings) share a ``Layout``: their names and
/// where each is, worked out once.
///
/// The members are held by one reference of the record's own: a template reads `item.title`
/// through a copy of `item`, and copying three references — two of them the layout's, shared by
/// every handler thread — cost a page's cores contended reference counts on every read.
public struct TemplateRecord: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    private let storage: Storage
    static let scanLimit = 24

    private final class Storage: Sendable {
        let keys: [String]
        let values: [TemplateValue]
        /// Built only for records larger than ``scanLimit``, or given by a shared ``Layout``.
        let index: Index?

        init(keys: [String], values: [TemplateValue], index: Index?) {
            self.keys = keys
            self.values = values
            self.index = index
        }

        convenience init(keys: [String], values: [TemplateValue]) {
            self.init(keys: keys, values: values, index: keys.count > TemplateRecord.scanLimit ? TemplateRecord.hashed(keys) : nil)
        }
    }

    /// Where a record's members are, by name.
    private enum Index: Sendable {
        case hashed([String: Int])
        /// A shared layout's index of the names.
        case layout(NameIndex)
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
        var keys: [String] = [], values: [TemplateValue] = []
        keys.reserveCapacity(members.count)
        values.reserveCapacity(members.count)
        for (key, value) in members {
            keys.append(key)
            values.append(value)
        }
        storage = Storage(keys: keys, values: values)
    }

    /// Creates a record from members whose names differ: no dictionary is built on the way.
    public init(uniqueMembers members: [(String, TemplateValue)]) {
        storage = Storage(keys: members.map(\.0), values: members.map(\.1))
    }

    /// Creates a record of `layout`'s shape: `values` in the order of its names.
    public init(layout: Layout, values: [TemplateValue]) {
        precondition(values.count == layout.names.count, "a record has a value for each name of its layout")
        storage = Storage(keys: layout.names, values: values, index: .layout(layout.index))
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
        var keys: [String] = [], values: [TemplateValue] = []
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
        storage = Storage(keys: keys, values: values)
    }

    /// The member `key`.
    public subscript(key: String) -> TemplateValue? {
        let storage = storage
        switch storage.index {
        case .layout: return self[name: TemplateName(key)]
        case .hashed(let positions): return positions[key].map { storage.values[$0] }
        // A small record is scanned: hashing the name first would only add to it.
        case nil: return storage.keys.firstIndex(of: key).map { storage.values[$0] }
        }
    }

    /// The member `name`, found without hashing it again: a template's names are hashed when
    /// it is compiled.
    public subscript(name name: TemplateName) -> TemplateValue? {
        let storage = storage
        switch storage.index {
        case .layout(let index): return index.position(of: name, in: storage.keys).map { storage.values[$0] }
        case .hashed(let positions): return positions[name.text].map { storage.values[$0] }
        case nil: break
        }
        for position in storage.keys.indices where storage.keys[position] == name.text {
            return storage.values[position]
        }
        return nil
    }

    /// The number of members.
    public var count: Int { storage.keys.count }

    /// The members as a dictionary.
    public var dictionary: [String: TemplateValue] {
        Dictionary(uniqueKeysWithValues: zip(storage.keys, storage.values))
    }

    public static func == (lhs: TemplateRecord, rhs: TemplateRecord) -> Bool {
        lhs.dictionary == rhs.dictionary
    }
}
