/// An app folder's data (`<data>` in `app.xml`): its collections, the counts every page may
/// show (a tab's badge), and the fixture records the folder ships in its data file.
public struct DataDefinition: Hashable, Sendable {
    /// The names a screen's page has of its own (FlowPages' `ScreenPage`, held to this list by
    /// its tests): a route's bound record, list or count may not take one.
    public static let reservedNames: Set<String> = [
        "app", "page", "route", "params", "breadcrumbs", "csrf", "urls", "actions", "signedIn", "prototype", "pending",
        "then", "shownAlert", "forms", "errors", "underlying", "back", "tabs", "alert", "toasts", "counts", "user",
        "appLinks", "appBanner", "preview", "motion", "failure", "beacons", "mission",
    ]

    /// The collections by id.
    public let collections: [String: CollectionDefinition]
    /// App-wide counts by name, such as the unread inquiries a tab's badge shows.
    public let counts: [String: RecordQuery]
    /// The records the folder's data file holds, in its order.
    public let fixtures: [DataFixture]

    /// No data: an app without `<data>`.
    public static let none = DataDefinition(collections: [:], counts: [:], fixtures: [])

    /// The names between braces in a title: `{listing.title}` → `listing.title`.
    public static func placeholders(in text: String) -> [String] {
        var names: [String] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.append(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }
}

/// A collection of records: its scope and its fields.
public struct CollectionDefinition: Hashable, Sendable {
    public let id: String
    public let scope: CollectionScope
    /// The fields in declaration order (besides `id`, which every record has).
    public let fields: [DataField]
    /// The collection each reference field names, by field: looked up for every field of every
    /// record a page shows, so kept rather than found by a scan.
    public let references: [String: String]

    public init(id: String, scope: CollectionScope, fields: [DataField]) {
        self.id = id
        self.scope = scope
        self.fields = fields
        var references: [String: String] = [:]
        for field in fields {
            if case .reference(let target) = field.type { references[field.name] = target }
        }
        self.references = references
    }

    /// The field called `name`, or nil.
    public func field(_ name: String) -> DataField? {
        fields.first { $0.name == name }
    }

    /// Whether records have a field (or the id) called `name`.
    public func has(_ name: String) -> Bool {
        name == "id" || field(name) != nil
    }
}

/// Whose copy of a collection a person sees.
public enum CollectionScope: String, Hashable, Sendable {
    /// Shared by everyone (listings).
    case app
    /// The signed-in person's own (favourites, inquiries); none while signed out.
    case account
    /// Each visitor's own copy of the fixtures, so testers never see each other's edits.
    case session
}

/// A field of a collection.
public struct DataField: Hashable, Sendable {
    public let name: String
    public let type: DataFieldType
    /// Whether every record must have a value.
    public let isRequired: Bool
}

/// What a field holds.
public enum DataFieldType: Hashable, Sendable {
    /// One line of text.
    case string
    /// Longer text (a message).
    case text
    case integer
    case boolean
    /// The id of a record of another (or the same) collection; templates read that record.
    case reference(String)

    /// The type's name in `app.xml`.
    public var name: String {
        switch self {
        case .string: "string"
        case .text: "text"
        case .integer: "integer"
        case .boolean: "boolean"
        case .reference: "reference"
        }
    }

    /// The value `text` is as this type, or nil when it is not one (a word for an integer).
    public func value(of text: String) -> DataValue? {
        switch self {
        case .string, .text, .reference: .string(text)
        case .integer: Int(text).map { .integer($0) }
        case .boolean: ["true": true, "false": false, "on": true, "1": true, "0": false][text].map { .boolean($0) }
        }
    }
}

/// A field's value as the folder writes it.
public enum DataValue: Hashable, Sendable {
    case string(String)
    case integer(Int)
    case boolean(Bool)

    /// The value as text: how searches match it and filters compare it.
    public var text: String {
        switch self {
        case .string(let text): text
        case .integer(let number): String(number)
        case .boolean(let flag): flag ? "true" : "false"
        }
    }
}

/// A record of the folder's data file.
public struct DataFixture: Hashable, Sendable {
    public let collection: String
    public let id: String
    public let values: [String: DataValue]
    /// The fixture account an account-scoped record belongs to (`"_account"` in the file).
    public let account: String?
}
