/// A Swift function templates call by name: `{{ url "listing" id=item.id }}`.
///
/// It returns plain text (escaped like any value) or a ``SafeHTML`` or ``SafeURL`` value.
public typealias Helper = @Sendable (HelperArguments) throws -> TemplateValue

/// What a template passes a helper.
public struct HelperArguments: Sendable {
    /// Positional arguments, in order.
    public let positional: [TemplateValue]
    /// Named arguments (`name=value`) sorted by name, each name once (where a template repeats
    /// one, its last value). A list, not a dictionary: a call has one or two, and a page makes
    /// dozens of calls.
    public let named: [(name: String, value: TemplateValue)]

    /// The named argument `name`, or nil.
    public subscript(name: String) -> TemplateValue? {
        named.first { $0.name == name }?.value
    }
}

/// Options for compiling and rendering a set of templates.
public struct TemplateOptions: Sendable {
    /// Missing values are an error instead of empty output (tests use this).
    public var strict = false
    /// URL schemes allowed at the start of a URL attribute, besides relative URLs.
    public var allowedURLSchemes: Set<String> = ["http", "https", "mailto", "tel"]

    public init(strict: Bool = false, allowedURLSchemes: Set<String> = ["http", "https", "mailto", "tel"]) {
        self.strict = strict
        self.allowedURLSchemes = allowedURLSchemes
    }
}
