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
        }
    }

    /// The member `key` of a record.
    public subscript(key: String) -> TemplateValue? {
        if case .record(let members) = self { members[key] } else { nil }
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
