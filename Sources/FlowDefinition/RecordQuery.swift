/// A list or a count of a collection's records a screen shows (`<list>`, `<count>`): equality
/// filters, a search over chosen fields, an order and a limit.
public struct RecordQuery: Hashable, Sendable {
    /// The name templates read it by.
    public let name: String
    public let collection: String
    public let filters: [RecordFilter]
    public let search: RecordSearch?
    /// The field to sort by, and whether from the largest; nil keeps the order records were made in.
    public let order: RecordOrder?
    public let limit: Int?
    /// For a count: the words after the number in its text alternative ("unread" → "1 unread").
    public let label: String?
    /// Whether templates read how many records match (`<count>`) rather than the records (`<list>`).
    public let isCount: Bool

    public init(name: String, collection: String, filters: [RecordFilter] = [], search: RecordSearch? = nil,
                order: RecordOrder? = nil, limit: Int? = nil, label: String? = nil, isCount: Bool = false) {
        self.isCount = isCount
        self.name = name
        self.collection = collection
        self.filters = filters
        self.search = search
        self.order = order
        self.limit = limit
        self.label = label
    }
}

/// The field a list is sorted by (`order="price"`, or `order="-price"` from the largest).
public struct RecordOrder: Hashable, Sendable {
    public let field: String
    public let descending: Bool

    public init(field: String, descending: Bool) {
        self.field = field
        self.descending = descending
    }
}

/// Records whose `field` equals a value.
public struct RecordFilter: Hashable, Sendable {
    public let field: String
    public let value: ValueSource

    public init(field: String, value: ValueSource) {
        self.field = field
        self.value = value
    }
}

/// Records where any of `fields` contains the words of the route parameter `parameter`.
public struct RecordSearch: Hashable, Sendable {
    public let fields: [String]
    public let parameter: String

    public init(fields: [String], parameter: String) {
        self.fields = fields
        self.parameter = parameter
    }
}

/// A route parameter that names a record (`<param name="id" collection="listings" as="listing"/>`):
/// the record must exist for the screen to show, and templates and titles read it as `name`.
public struct RecordBinding: Hashable, Sendable {
    public let parameter: String
    public let collection: String
    public let name: String

    public init(parameter: String, collection: String, name: String) {
        self.parameter = parameter
        self.collection = collection
        self.name = name
    }
}

/// What a route's screen reads and does with app data.
public struct RouteData: Hashable, Sendable {
    /// Its parameters that name records.
    public let bindings: [RecordBinding]
    /// The lists and counts its template reads.
    public let queries: [RecordQuery]
    /// Writes made when a person arrives on the screen (opening an inquiry marks it read).
    public let onOpen: [DataWrite]

    public static let none = RouteData(bindings: [], queries: [], onOpen: [])
}
