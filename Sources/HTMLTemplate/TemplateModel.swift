/// A Swift value templates read by member name (`{{ page.heading }}`) as they read a record,
/// without being copied into one first: only the members a template reads are read.
///
/// A model is an immutable final class (its members `let`s of Sendable types): a template
/// reading `page.heading` is handed a reference to `page`, never a copy of it, and a
/// ``TemplateValue`` holding a model stays as small as one holding a string.
///
/// The type declares its members once, in ``templateMembers`` — each name, what it holds and how
/// it is read — and that one declaration both renders the value and is the shape templates are
/// checked against before anything renders (``TemplateSet/check(_:against:descending:)``), so a
/// template naming a member the type lacks is an error at its file and line.
///
/// A model's shape is finite: a type may not hold itself, at any depth (its shape would never end).
///
/// ```swift
/// final class Crumb: TemplateModel {
///     let title: String
///     let current: Bool
///     init(title: String, current: Bool) { (self.title, self.current) = (title, current) }
///     static let templateMembers: TemplateMembers<Crumb> = ["title": .init { $0.title }, "current": .init { $0.current }]
/// }
/// ```
public protocol TemplateModel: AnyObject, TemplateValueConvertible {
    /// The members templates may read.
    static var templateMembers: TemplateMembers<Self> { get }
    /// The member `name`; nil when there is none so named. The default reads ``templateMembers``;
    /// a type that adds members only known at run time looks there first, then in its own.
    func templateMember(_ name: TemplateName) -> TemplateValue?
}

extension TemplateModel {
    @inlinable
    public func templateMember(_ name: TemplateName) -> TemplateValue? {
        Self.templateMembers.value(named: name, of: self)
    }

    public static var templateShape: TemplateShape { templateMembers.shape }

    @inlinable
    public var templateValue: TemplateValue { .model(self) }

    /// Every declared member read, as a record: for comparing values, and for writing one out.
    public var templateRecord: TemplateRecord { Self.templateMembers.record(of: self) }
}
