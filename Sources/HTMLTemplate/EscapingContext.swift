/// Where in an HTML document a point of a template lies, decided from the template's static
/// text alone (after Go's html/template `context`). Each output is escaped for its context, and
/// outputs in contexts that cannot be escaped safely are refused when the template compiles.
struct EscapingContext: Hashable, Sendable, CustomStringConvertible {
    enum State: Hashable, Sendable {
        /// Ordinary text between tags.
        case text
        /// Just after a `<` that ended a piece of text.
        case tagOpen
        /// Reading a tag name (`tagName` holds it so far; an end tag's starts with `/`).
        case tagName
        /// Inside a tag, between attributes.
        case tag
        /// Reading an attribute name (`attributeName` holds it so far).
        case attributeName
        case afterAttributeName
        case beforeValue
        case attributeValue
        /// Inside `<textarea>` or `<title>`: text without tags.
        case rcdata
        /// Inside `<script>` or `<style>`.
        case rawText
        case comment
    }

    enum Delimiter: Hashable, Sendable {
        case none, doubleQuote, singleQuote, unquoted
    }

    /// What an attribute's value means to the browser.
    enum AttributeKind: Hashable, Sendable {
        case normal
        case url
        /// `on*` event handlers.
        case script
        case style
        /// `srcdoc`: a whole document.
        case html
        /// `srcset`: URLs with sizes.
        case urlList
    }

    /// Where in a URL attribute's value the point is.
    enum URLPart: Hashable, Sendable {
        case start, path, queryOrFragment
        /// After branches that left the URL in different parts; no output may follow.
        case unknown
    }

    /// Elements whose content is not ordinary text.
    enum Element: String, Hashable, Sendable {
        case none = ""
        case script, style, textarea, title
    }

    var state = State.text
    var delimiter = Delimiter.none
    var attribute = AttributeKind.normal
    var urlPart = URLPart.start
    var element = Element.none
    var tagName = ""
    var attributeName = ""

    /// The context after branches that end in `self` and `other`: the same, or the same but
    /// for where in a URL they are (after Go's `join`); nil when they cannot be joined.
    func joined(with other: EscapingContext) -> EscapingContext? {
        if self == other { return self }
        var left = self
        var right = other
        left.urlPart = .unknown
        right.urlPart = .unknown
        return left == right && state == .attributeValue && attribute == .url ? left : nil
    }

    /// Where this is, as a phrase: "in text", "inside a tag", "inside <title>".
    var description: String {
        switch state {
        case .text: "in text"
        case .tagOpen, .tagName, .tag, .afterAttributeName, .beforeValue: "inside a tag"
        case .attributeName: "in an attribute name"
        case .attributeValue: delimiter == .unquoted ? "in an unquoted attribute value" : "in a quoted attribute value"
        case .rcdata, .rawText: "inside <\(element.rawValue)>"
        case .comment: "in an HTML comment"
        }
    }
}
