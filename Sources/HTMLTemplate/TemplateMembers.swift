/// The members a ``TemplateModel`` type declares: written as a dictionary literal of names and
/// ``TemplateMember``s, kept in declaration order and found by a scan (a model's members are few,
/// and comparing short names is cheaper than hashing them) or, past ``scanLimit`` of them, by a
/// ``NameIndex`` (a page's root reads dozens, and every name it misses is compared with all of them).
///
/// Its lookups are `@inlinable`, as is ``TemplateMember``'s reading, so each model type's are
/// compiled for it where it is declared: left generic, each read looked up the type's metadata
/// at run time, which cost a rendered page a tenth of its time.
public struct TemplateMembers<Model>: Sendable, ExpressibleByDictionaryLiteral {
    @usableFromInline let names: [String]
    /// The names again, hashed: a scan compares hashes before text.
    @usableFromInline let hashedNames: [TemplateName]
    @usableFromInline let members: [TemplateMember<Model>]
    /// Built only for types with more than ``scanLimit`` members.
    @usableFromInline let index: NameIndex?
    @usableFromInline static var scanLimit: Int { 12 }
    /// What a template may read in a value of the type: a record of the members' shapes.
    public let shape: TemplateShape

    public init(dictionaryLiteral elements: (String, TemplateMember<Model>)...) {
        names = elements.map(\.0)
        hashedNames = names.map { TemplateName($0) }
        members = elements.map(\.1)
        precondition(Set(names).count == names.count, "a template model declares a member twice: \(names)")
        index = names.count > Self.scanLimit ? NameIndex(names) : nil
        shape = .record(Dictionary(uniqueKeysWithValues: elements.map { ($0.0, $0.1.shape) }))
    }

    /// The member `name` of `model`, nil when the type declares none so named.
    @inlinable
    public func value(named name: TemplateName, of model: Model) -> TemplateValue? {
        if let index { return index.position(of: name, in: names).map { members[$0].read(model) } }
        for position in hashedNames.indices where hashedNames[position] == name {
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
    @usableFromInline let shape: TemplateShape
    @usableFromInline let read: @Sendable (Model) -> TemplateValue

    /// A member read by `read`, whose shape is its type's (a string is a value, an array of a
    /// model a list of that model's records).
    @inlinable
    public init<Value: TemplateValueConvertible>(_ read: @escaping @Sendable (Model) -> Value) {
        shape = Value.templateShape
        self.read = { read($0).templateValue }
    }

    /// A member whose shape is given: a value built from what only the running app knows (its
    /// forms, its URLs), whose type cannot say what is inside it.
    @inlinable
    public init(_ shape: TemplateShape, _ read: @escaping @Sendable (Model) -> TemplateValue) {
        self.shape = shape
        self.read = read
    }
}
