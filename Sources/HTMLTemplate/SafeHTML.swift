/// HTML the application vouches for, such as a helper's hidden CSRF field. Only text context
/// writes it unescaped; there is no way to turn a plain string into it but this initializer.
public struct SafeHTML: Sendable, Hashable {
    /// The markup.
    public let html: String

    /// Marks `html` as trusted. Never pass anything derived from a request.
    public init(trusted html: String) {
        self.html = html
    }
}
