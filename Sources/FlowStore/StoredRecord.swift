/// One record of an app's collection (a listing, an inquiry), as stored: its id and its fields.
public struct StoredRecord: Hashable, Sendable {
    public let id: String
    /// The fields, shared with every record read from the same stored body.
    public let fields: RecordFields

    /// The fields by name; a field without a value is absent.
    public var values: [String: RecordValue] { fields.values }

    /// A record of fields of its own.
    public init(id: String, values: [String: RecordValue]) {
        self.init(id: id, fields: RecordFields(values))
    }

    /// A record whose fields are shared with the other records read from the same body.
    public init(id: String, fields: RecordFields) {
        self.id = id
        self.fields = fields
    }

    /// Records are equal by id and fields, whether or not they share a body.
    public static func == (lhs: StoredRecord, rhs: StoredRecord) -> Bool {
        lhs.id == rhs.id && (lhs.fields === rhs.fields || lhs.values == rhs.values)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(values)
    }
}

/// A field's value: the kinds a collection's fields declare.
public enum RecordValue: Hashable, Sendable, Codable {
    case string(String)
    case integer(Int)
    case boolean(Bool)

    public init(from decoder: any Decoder) throws {
        let single = try decoder.singleValueContainer()
        if let flag = try? single.decode(Bool.self) {
            self = .boolean(flag)
        } else if let number = try? single.decode(Int.self) {
            self = .integer(number)
        } else {
            self = .string(try single.decode(String.self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var single = encoder.singleValueContainer()
        switch self {
        case .string(let text): try single.encode(text)
        case .integer(let number): try single.encode(number)
        case .boolean(let flag): try single.encode(flag)
        }
    }

    /// The value as text: how a search matches it and an equality filter compares it.
    public var text: String {
        switch self {
        case .string(let text): text
        case .integer(let number): String(number)
        case .boolean(let flag): flag ? "true" : "false"
        }
    }
}

/// Whose copy of a collection a read or write is about (`app.xml`'s `scope`).
public enum RecordScope: Hashable, Sendable {
    /// Shared by everyone: listings.
    case app
    /// The signed-in person's: favourites, inquiries.
    case account(Int)
    /// A visitor's own copy of the fixtures, by the session's data key (it outlives the
    /// rotation of the session's id): each tester edits without seeing the others' edits.
    case session(String)
    /// A fixture account's records as one tester has them, by the account and the tester's
    /// session's data key: the account's own with the tester's edits laid over. A fixture
    /// account is every tester's, so what one does signed in as it is theirs alone.
    case accountCopy(Int, session: String)
}

/// A fixture record an app folder ships, for ``WebStore/seedRecords(app:_:)``.
public struct FixtureRecord: Hashable, Sendable {
    public let collection: String
    public let id: String
    public let values: [String: RecordValue]
    /// The fixture account an account-scoped record belongs to; nil for shared records (and for
    /// the base every session's copy starts from).
    public let accountEmail: String?

    public init(collection: String, id: String, values: [String: RecordValue], accountEmail: String? = nil) {
        self.collection = collection
        self.id = id
        self.values = values
        self.accountEmail = accountEmail
    }
}
