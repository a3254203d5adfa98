/// The members a ``TemplateModel`` type declares: written as a dictionary literal of names and
/// ``TemplateMember``s, kept in declaration order and found by a scan (a model's members are few,
/// and comparing short names is cheaper than hashing them).
public struct TemplateMembers<Model>: Sendable, ExpressibleByDictionaryLiteral {
    private let names: [String]
    private let members: [TemplateMember<Model>]
    /// What a template may read in a value of the type: a record of the members' shapes.
    public let shape: TemplateShape

    public init(dictionaryLiteral elements: (String, TemplateMember<Model>)...) {
        names = elements.map(\.0)
        members = elements.map(\.1)
        precondition(Set(names).count == names.count, "a template model declares a member twice: \(names)")
        shape = .record(Dictionary(uniqueKeysWithValues: elements.map { ($0.0, $0.1.shape) }))
    }

    /// The member `name` of `model`, nil when the type declares none so named.
    @inline(__always)
    public func value(named name: String, of model: Model) -> TemplateValue? {
        for position in names.indices where names[position] == name {
            return members[position].read(model)
        }
        return nil
    }

    /// Every member of `model`, read.
    public func record(of model: Model) -> TemplateRecord {
        TemplateRecord(uniqueMembers: zip(names, members).map { ($0, $1.read(model)) })
    }
}

/// One member of a ``TemplateModel``: how it is read from a value, and its shape.
public struct TemplateMember<Model>: Sendable {
    let shape: TemplateShape
    let read: @Sendable (Model) -> TemplateValue

    /// A member read by `read`, whose shape is its type's (a string is a value, an array of a
    /// model a list of that model's records).
    public init<Value: TemplateValueConvertible>(_ read: @escaping @Sendable (Model) -> Value) {
        shape = Value.templateShape
        self.read = { read($0).templateValue }
    }

    /// A member whose shape is given: a value built from what only the running app knows (its
    /// forms, its URLs), whose type cannot say what is inside it.
    public init(_ shape: TemplateShape, _ read: @escaping @Sendable (Model) -> TemplateValue) {
        self.shape = shape
        self.read = read
    }
}
