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
        /// An attribute whose name depends on which branch ran: its value cannot be escaped safely.
        case ambiguous
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
        // A branch that adds a valueless attribute (`{{#if x}} disabled{{/if}}`) ends on an
        // attribute name while the other ends between attributes: both are inside the tag.
        let (mine, theirs) = (completingTagName(), other.completingTagName())
        let betweenAttributes: Set<State> = [.tag, .attributeName, .afterAttributeName]
        if betweenAttributes.contains(mine.state), betweenAttributes.contains(theirs.state), mine.element == theirs.element {
            var tag = mine
            tag.attributeName = ""
            if mine.state == .tag, theirs.state == .tag {
                tag.state = .tag
                tag.attribute = .normal
            } else {
                // An attribute name may have just ended; its value, if one follows, is refused.
                tag.state = .afterAttributeName
                tag.attribute = .ambiguous
            }
            return tag
        }
        var left = self
        var right = other
        left.urlPart = .unknown
        right.urlPart = .unknown
        return left == right && state == .attributeValue && attribute == .url ? left : nil
    }

    /// A tag name still being read, taken as complete: the tag it names with no attributes yet.
    func completingTagName() -> EscapingContext {
        guard state == .tagName else { return self }
        var context = self
        context.element = tagName.hasPrefix("/") ? .none : Element(rawValue: tagName) ?? .none
        context.tagName = ""
        context.state = .tag
        return context
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
