/// A Swift type a template reads as a ``TemplateValue``, with the shape every value of it has:
/// what a ``TemplateMember`` is read as.
public protocol TemplateValueConvertible: Sendable {
    /// What a template may read inside any value of the type.
    static var templateShape: TemplateShape { get }
    /// The value as templates read it.
    var templateValue: TemplateValue { get }
}

extension String: TemplateValueConvertible {
    public static var templateShape: TemplateShape { .value }
    @inlinable
    public var templateValue: TemplateValue { .string(self) }
}

extension Int: TemplateValueConvertible {
    public static var templateShape: TemplateShape { .value }
    @inlinable
    public var templateValue: TemplateValue { .int(self) }
}

extension Double: TemplateValueConvertible {
    public static var templateShape: TemplateShape { .value }
    @inlinable
    public var templateValue: TemplateValue { .double(self) }
}

extension Bool: TemplateValueConvertible {
    public static var templateShape: TemplateShape { .value }
    @inlinable
    public var templateValue: TemplateValue { .bool(self) }
}

extension SafeHTML: TemplateValueConvertible {
    public static var templateShape: TemplateShape { .value }
    @inlinable
    public var templateValue: TemplateValue { .html(self) }
}

extension SafeURL: TemplateValueConvertible {
    public static var templateShape: TemplateShape { .value }
    @inlinable
    public var templateValue: TemplateValue { .url(self) }
}

/// Absent is null, which templates read as false and write as nothing.
extension Optional: TemplateValueConvertible where Wrapped: TemplateValueConvertible {
    public static var templateShape: TemplateShape { Wrapped.templateShape }
    // A switch, not `map(\.templateValue)`: a key path in generic code is instantiated at run
    // time on each call (a fifth of a rendered page's time when it was).
    @inlinable
    public var templateValue: TemplateValue {
        switch self {
        case .some(let wrapped): wrapped.templateValue
        case .none: .null
        }
    }
}

extension Array: TemplateValueConvertible where Element: TemplateValueConvertible {
    public static var templateShape: TemplateShape { .list(Element.templateShape) }
    @inlinable
    public var templateValue: TemplateValue { .array(map { $0.templateValue }) }
}

/// A value built by hand says nothing of its shape: whatever is read inside it passes the check.
extension TemplateValue: TemplateValueConvertible {
    public static var templateShape: TemplateShape { .open }
    @inlinable
    public var templateValue: TemplateValue { self }
}

extension TemplateRecord: TemplateValueConvertible {
    public static var templateShape: TemplateShape { .open }
    @inlinable
    public var templateValue: TemplateValue { .record(self) }
}
