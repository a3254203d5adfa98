/// A value templates read: the context tree a caller builds.
public enum TemplateValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([TemplateValue])
    case record(TemplateRecord)
    /// Trusted HTML: written unescaped in text, escaped anywhere else.
    case html(SafeHTML)
    /// A trusted URL: exempt from the scheme check in URL attributes, escaped like text elsewhere.
    case url(SafeURL)
    /// A Swift value read member by member as a record is (``TemplateModel``).
    case model(any TemplateModel)

    /// Whether `{{#if}}` takes it as true: not null, false, 0, "", or an empty list or record.
    public var isTruthy: Bool {
        switch self {
        case .null: false
        case .bool(let value): value
        case .int(let value): value != 0
        case .double(let value): value != 0
        case .string(let value): !value.isEmpty
        case .array(let value): !value.isEmpty
        case .record(let value): value.count > 0
        case .html(let value): !value.html.isEmpty
        case .url(let value): !value.url.isEmpty
        // A model's members are declared, so like a record with members it is there.
        case .model: true
        }
    }

    /// The member `key` of a record or a model.
    public subscript(key: String) -> TemplateValue? {
        self[name: TemplateName(key)]
    }

    /// The member `name` of a record or a model.
    public subscript(name name: TemplateName) -> TemplateValue? {
        switch self {
        case .record(let members): members[name: name]
        case .model(let model): model.templateMember(name)
        default: nil
        }
    }

    /// A model compares as the record of its members.
    public static func == (lhs: TemplateValue, rhs: TemplateValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let left), .bool(let right)): left == right
        case (.int(let left), .int(let right)): left == right
        case (.double(let left), .double(let right)): left == right
        case (.string(let left), .string(let right)): left == right
        case (.array(let left), .array(let right)): left == right
        case (.html(let left), .html(let right)): left == right
        case (.url(let left), .url(let right)): left == right
        case (.record, .record), (.record, .model), (.model, .record), (.model, .model): lhs.members == rhs.members
        default: false
        }
    }

    /// The members of a record or a model, as a record.
    public var members: TemplateRecord? {
        switch self {
        case .record(let record): record
        case .model(let model): model.templateRecord
        default: nil
        }
    }
}

extension TemplateValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral, ExpressibleByFloatLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: TemplateValue...) { self = .array(elements) }
    public init(nilLiteral: ()) { self = .null }
    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        self = .record(TemplateRecord(lastOf: elements))
    }
}
