/// A member or variable name as templates look it up: its text and the hash a ``NameIndex``
/// finds it by. A template's names are made once, when it is compiled, so a lookup neither
/// hashes the name again nor, when comparing it with another, reads its text unless the hashes
/// agree — a page looks up hundreds of names.
public struct TemplateName: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The name as written.
    public let text: String
    /// FNV-1a of the name's bytes (``NameIndex/hash(_:)``).
    @usableFromInline let hash: Int

    /// The name `text`.
    public init(_ text: String) {
        self.text = text
        hash = NameIndex.hash(text)
    }

    public init(stringLiteral text: String) {
        self.init(text)
    }

    @inlinable
    public static func == (lhs: TemplateName, rhs: TemplateName) -> Bool {
        lhs.hash == rhs.hash && lhs.text == rhs.text
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(text)
    }

    public var description: String { text }
}
