/// How one output is written, chosen when the template compiles from its ``EscapingContext``.
enum Escaper: Hashable, Sendable {
    /// Text between tags: `& < > " '` escaped; ``SafeHTML`` written as it is.
    case text
    /// Inside `<title>` or `<textarea>`: escaped, ``SafeHTML`` too.
    case rcdata
    /// A quoted attribute value.
    case attribute
    /// The start of a URL attribute: scheme checked, then encoded.
    case urlStart
    /// Later in a URL's path: encoded, no scheme check.
    case urlPath
    /// In a URL's query or fragment: every reserved character percent-encoded.
    case urlQuery

    /// The escaper for an output at `context`, or why an output may not stand there.
    static func choose(for context: EscapingContext) -> Result<Escaper, Refusal> {
        switch context.state {
        case .text:
            return .success(.text)
        case .rcdata:
            return .success(.rcdata)
        case .attributeValue:
            guard context.delimiter != .unquoted else {
                return .failure(Refusal("output in an unquoted attribute value is refused; put the value in double quotes"))
            }
            switch context.attribute {
            case .normal:
                return .success(.attribute)
            case .url:
                switch context.urlPart {
                case .start: return .success(.urlStart)
                case .path: return .success(.urlPath)
                case .queryOrFragment: return .success(.urlQuery)
                case .unknown: return .failure(Refusal("output here is refused: the branches before it leave the URL in its path in one case and its query in another"))
                }
            case .script:
                return .failure(Refusal("output in an on* event handler is refused; templates carry no script"))
            case .style:
                return .failure(Refusal("output in a style attribute is refused; choose a class instead"))
            case .html:
                return .failure(Refusal("output in srcdoc is refused; it would be a whole document"))
            case .urlList:
                return .failure(Refusal("output in srcset is refused; use src"))
            case .ambiguous:
                return .failure(Refusal("output here is refused: which attribute this value belongs to depends on a branch; write the attribute in full in each branch"))
            }
        case .beforeValue:
            return .failure(Refusal("output in an unquoted attribute value is refused; put the value in double quotes"))
        case .tagOpen, .tagName, .tag, .attributeName, .afterAttributeName:
            return .failure(Refusal("output inside a tag is refused; it may only stand in a quoted attribute value"))
        case .rawText:
            return .failure(Refusal("output inside <\(context.element.rawValue)> is refused; pass data in a data-* attribute instead"))
        case .comment:
            return .failure(Refusal("output inside an HTML comment is refused; use a {{! template comment }}"))
        }
    }
}

/// Why an output may not stand where it is.
struct Refusal: Error {
    let message: String

    init(_ message: String) {
        self.message = message
    }
}
