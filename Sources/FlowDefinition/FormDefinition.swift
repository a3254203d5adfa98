/// A form an app's screens post: its fields and their rules.
public struct FormDefinition: Hashable, Sendable {
    public let id: String
    public let fields: [FieldDefinition]
    /// The name (`as`) of the bound record the form starts from on a screen that binds one so
    /// named (`<form record>`): on an Edit it shows its record, on an Add sharing it nothing.
    public let record: String?
}

/// A form field.
public struct FieldDefinition: Hashable, Sendable {
    public let name: String
    public let label: String
    public let type: FieldKind
    public let autocomplete: String?
    public let hint: String?
    /// False for fields never kept as drafts, such as passwords (always false for passwords).
    public let keepsDraft: Bool
    public let rules: [ValidationRule]
    /// What a choice field (`select`, `radio`, `checkboxes`) offers; nil for any other.
    public let choice: ChoiceDefinition?

    /// Whether the person may pick several of its options (`checkboxes`), posted as one value a line.
    public var isMultipleChoice: Bool { type == .checkboxes }
}

/// A check on a field's value, with the message to show when it fails.
public enum ValidationRule: Hashable, Sendable {
    case required(message: String)
    case email(message: String)
    case checked(message: String)
    case minimumLength(Int, message: String)
    case maximumLength(Int, message: String)
    case equals(field: String, message: String)
    case pattern(String, message: String)
    /// A choice field's value is one of its options (always checked; this gives the message).
    case oneOf(message: String)
}
