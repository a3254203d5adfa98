/// A parameter a route takes: in its path (`/listing/{id}`) or in the query (`?token=`).
public struct ParameterDefinition: Hashable, Sendable {
    /// The kind of value a parameter holds; values travel as text and are checked against it.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// Any text within the length limit.
        case string
        /// A decimal integer, optionally signed: `42`, `-7`.
        case integer
        /// `true` or `false`.
        case boolean
    }

    /// The longest value accepted, in UTF-8 bytes; longer values are refused, never truncated.
    public static let maximumLength = 1024

    /// The parameter's name, as used in the path pattern and the query.
    public var name: String
    /// The kind of value.
    public var kind: Kind
    /// Whether a route instance must carry a value. Path parameters are always required.
    public var isRequired: Bool
    /// A regular expression the whole value must match, such as `proj-[0-9]+`.
    public var pattern: String?
    /// What an optional parameter reads as when a screen's URL leaves it out (an Android
    /// argument's `defaultValue`): shown and filled into titles, never added to the URL.
    public var defaultValue: String?
    /// The name of its item in a screen URL's query when not ``name``: an Android deep link's
    /// `?photos={showPhotos}` reads `photos` into `showPhotos`.
    public var queryName: String?
    /// Whether its value is a secret or names a person (a reset link's token, an email): a page
    /// whose address carries it is that person's alone, never kept by a shared cache.
    public var isPrivate: Bool

    /// Creates a parameter definition.
    public init(
        _ name: String, kind: Kind = .string, required: Bool = true, pattern: String? = nil, defaultValue: String? = nil, queryName: String? = nil,
        isPrivate: Bool = false
    ) {
        self.isPrivate = isPrivate
        self.name = name
        self.kind = kind
        self.isRequired = required
        self.pattern = pattern
        self.defaultValue = defaultValue
        self.queryName = queryName
    }

    /// The name of its item in a screen URL's query.
    public var queryKey: String { queryName ?? name }

    /// Checks `value` against the kind and length limit; the pattern is checked by the definition,
    /// which holds the compiled expression. Returns why the value is refused, or nil.
    func kindViolation(of value: String) -> String? {
        if value.utf8.count > Self.maximumLength {
            return "longer than \(Self.maximumLength) bytes"
        }
        if value.isEmpty {
            return "empty"
        }
        switch kind {
        case .string:
            return nil
        case .integer:
            return Int(value) == nil ? "not an integer" : nil
        case .boolean:
            return value == "true" || value == "false" ? nil : "not true or false"
        }
    }
}
