/// A write of app data an action (or a screen's `<on-open>`) makes, inside the request's one
/// transaction.
public enum DataWrite: Hashable, Sendable {
    /// Adds a record with these fields; later steps read its id as `created`.
    case create(collection: String, values: [FieldAssignment])
    /// Changes these fields of the record `id` names.
    case update(collection: String, id: ValueSource, values: [FieldAssignment])
    /// Deletes the record with these field values if there is one, else adds it (a favourite).
    case toggle(collection: String, values: [FieldAssignment])
    /// Deletes the record `id` names.
    case delete(collection: String, id: ValueSource)

    /// The collection it writes.
    public var collection: String {
        switch self {
        case .create(let collection, _), .update(let collection, _, _), .toggle(let collection, _), .delete(let collection, _): collection
        }
    }

    /// The fields it sets.
    public var values: [FieldAssignment] {
        switch self {
        case .create(_, let values), .update(_, _, let values), .toggle(_, let values): values
        case .delete: []
        }
    }
}

/// A field a write sets, and where its value comes from.
public struct FieldAssignment: Hashable, Sendable {
    public let field: String
    public let value: ValueSource

    public init(field: String, value: ValueSource) {
        self.field = field
        self.value = value
    }
}

/// Where a value an action uses comes from.
public enum ValueSource: Hashable, Sendable {
    /// Written in `app.xml` (`value="true"`).
    case constant(String)
    /// A field of the posted form (`field="message"`).
    case field(String)
    /// A parameter of the screen the action was posted from (`param="listingId"`).
    case parameter(String)
    /// The id of the record the action last created in this collection (`created="inquiries"`).
    case created(String)
}
