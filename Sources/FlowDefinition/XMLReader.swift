import CLibXML2

/// Reads XML with libxml2 and validates it against a RELAX NG schema, collecting every error
/// with its line. External entities and network access are off: an app.xml is data.
enum XMLReader {
    /// Errors libxml2 reports while parsing or validating; filled by the C callback below.
    final class ErrorCollector {
        var problems: [(line: Int, message: String)] = []
    }

    /// Parses `bytes`, validates them against `schema` (RELAX NG), and returns the root element,
    /// or every problem found.
    /// A document libxml2 rejects is explained by `guide` when it finds what is wrong; libxml2's
    /// own messages are the answer when it does not.
    static func read(_ bytes: [UInt8], file: String, schema: String, guide: SchemaGuide? = nil) -> Result<XMLElement, FolderProblems> {
        let collector = ErrorCollector()
        let context = Unmanaged.passUnretained(collector).toOpaque()
        // libxml2 keeps this handler per thread; it is set and cleared around our own calls.
        xmlSetStructuredErrorFunc(context, collect)
        defer { xmlSetStructuredErrorFunc(nil, nil) }

        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOCDATA.rawValue)
        let document = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { xmlReadMemory($0.baseAddress, Int32($0.count), file, "UTF-8", options) }
        }
        guard let document else {
            return .failure(FolderProblems(problems(collector, file: file, fallback: "is not well-formed XML")))
        }
        defer { xmlFreeDoc(document) }

        guard let rootNode = xmlDocGetRootElement(document) else {
            return .failure(FolderProblems([FolderProblem(file: file, line: 1, message: "has no root element; start with <app id=\"…\">")]))
        }
        let source = SourceLines(bytes)
        let root = element(rootNode, source: source)
        guard validate(document, schema: schema, collector: collector) else {
            if let explained = guide?.problems(in: root, file: file, source: source), !explained.isEmpty {
                return .failure(FolderProblems(explained))
            }
            return .failure(FolderProblems(problems(collector, file: file, fallback: "does not follow the app.xml schema", root: root)))
        }
        return .success(root)
    }

    /// Parses well-formed XML without a schema, as for Android navigation graphs.
    static func read(_ bytes: [UInt8], file: String) -> Result<XMLElement, FolderProblems> {
        let collector = ErrorCollector()
        xmlSetStructuredErrorFunc(Unmanaged.passUnretained(collector).toOpaque(), collect)
        defer { xmlSetStructuredErrorFunc(nil, nil) }
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOCDATA.rawValue)
        let document = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { xmlReadMemory($0.baseAddress, Int32($0.count), file, "UTF-8", options) }
        }
        guard let document else {
            return .failure(FolderProblems(problems(collector, file: file, fallback: "is not well-formed XML")))
        }
        defer { xmlFreeDoc(document) }
        guard let root = xmlDocGetRootElement(document) else {
            return .failure(FolderProblems([FolderProblem(file: file, line: 1, message: "has no root element")]))
        }
        return .success(element(root, source: SourceLines(bytes)))
    }

    /// libxml2 registers RELAX NG's datatype libraries lazily and without a lock, so two apps
    /// loading at once could see them half-registered ("type 'string' is not exported"); a
    /// Swift static is initialised exactly once, before any schema is compiled.
    private static let datatypesRegistered: Void = {
        xmlInitParser()
        xmlRelaxNGInitTypes()
    }()

    private static func validate(_ document: xmlDocPtr, schema: String, collector: ErrorCollector) -> Bool {
        _ = datatypesRegistered
        let parserContext = schema.withCString { xmlRelaxNGNewMemParserCtxt($0, Int32(schema.utf8.count)) }
        defer { xmlRelaxNGFreeParserCtxt(parserContext) }
        guard let compiled = xmlRelaxNGParse(parserContext) else {
            collector.problems.append((1, "the built-in schema did not compile; this is a FlowPages bug"))
            return false
        }
        defer { xmlRelaxNGFree(compiled) }
        let validation = xmlRelaxNGNewValidCtxt(compiled)
        defer { xmlRelaxNGFreeValidCtxt(validation) }
        xmlRelaxNGSetValidStructuredErrors(validation, collect, Unmanaged.passUnretained(collector).toOpaque())
        return xmlRelaxNGValidateDoc(validation, document) == 0
    }

    private static func problems(_ collector: ErrorCollector, file: String, fallback: String, root: XMLElement? = nil) -> [FolderProblem] {
        let found = collector.problems.flatMap { problem -> [FolderProblem] in
            guard problem.line <= 0, let root, let name = elementName(in: problem.message) else {
                return [FolderProblem(file: file, line: max(1, problem.line), message: problem.message)]
            }
            // Some validation errors carry no location: point at every element they may concern.
            let lines = root.lines(of: name)
            let which = lines.count == 1 ? "" : " (one of the <\(name)> elements on lines \(lines.map(String.init).joined(separator: ", ")))"
            return [FolderProblem(file: file, line: lines.first ?? 1, message: problem.message + which + "; check its attributes against Views/README.md")]
        }
        // libxml2 reports some parse errors twice, once per layer that meets them.
        var seen = Set<FolderProblem>()
        let distinct = found.filter { seen.insert($0).inserted }
        return distinct.isEmpty ? [FolderProblem(file: file, line: 1, message: fallback)] : distinct
    }

    /// The element a message such as "Element tab failed to validate attributes" is about.
    private static func elementName(in message: String) -> String? {
        let words = message.split(separator: " ")
        guard words.count > 1, words[0] == "Element" else { return nil }
        return String(words[1])
    }

    /// The lines of a file, to find where a start tag begins: libxml2 numbers an element by
    /// the line its start tag ends on, which for a tag spread over lines (Android's, one
    /// attribute a line) is its last.
    struct SourceLines {
        let lines: [Substring]

        init(_ bytes: [UInt8]) {
            lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        }

        /// The line at or before `line` holding the nearest `<name`.
        func start(of name: String, endingOn line: Int) -> Int {
            var current = min(line, lines.count)
            while current >= 1, line - current < 200 {
                if Self.opens(lines[current - 1], name) { return current }
                current -= 1
            }
            return line
        }

        /// The column `<name` starts at on `line`, counted in characters from 1.
        func column(ofTag name: String, on line: Int) -> Int? {
            guard line >= 1, line <= lines.count, let range = Self.tag(name, in: lines[line - 1]) else { return nil }
            return lines[line - 1].distance(from: lines[line - 1].startIndex, to: range.lowerBound) + 1
        }

        /// Where `attribute=` stands in the start tag of the `<element` that begins on `line`.
        func position(ofAttribute attribute: String, inTagOf element: String, startingOn line: Int) -> (line: Int, column: Int)? {
            guard line >= 1, line <= lines.count, let tag = Self.tag(element, in: lines[line - 1]) else { return nil }
            var current = line
            var rest = lines[line - 1][tag.upperBound...]
            while true {
                let text = lines[current - 1]
                var search = rest
                while let range = search.range(of: attribute) {
                    let before: Character = range.lowerBound == text.startIndex ? " " : text[text.index(before: range.lowerBound)]
                    let after = text[range.upperBound...].first { $0 != " " && $0 != "\t" }
                    if before.isWhitespace, after == "=" { return (current, text.distance(from: text.startIndex, to: range.lowerBound) + 1) }
                    search = search[range.upperBound...]
                }
                // A start tag spread over lines ends at the first ">" (an attribute's own ">" ends the search early).
                guard !rest.contains(">"), current < lines.count, current - line < 100 else { return nil }
                current += 1
                rest = lines[current - 1][...]
            }
        }

        private static func opens(_ text: Substring, _ name: String) -> Bool {
            tag(name, in: text) != nil
        }

        private static func tag(_ name: String, in text: Substring) -> Range<Substring.Index>? {
            var rest = text[...]
            while let range = rest.range(of: "<" + name) {
                let next = rest[range.upperBound...].first
                if next == nil || next == ">" || next == "/" || next!.isWhitespace { return range }
                rest = rest[range.upperBound...]
            }
            return nil
        }
    }

    /// Copies a libxml2 element and its descendants into plain values, each numbered by the line
    /// its start tag begins on.
    private static func element(_ node: xmlNodePtr, source: SourceLines) -> XMLElement {
        var attributes: [String: String] = [:]
        var attribute = node.pointee.properties
        while let current = attribute {
            // An attribute's value is the text of its child nodes; reading it directly needs no free.
            var value = ""
            var part = current.pointee.children
            while let text = part {
                if let content = text.pointee.content { value += String(cString: content) }
                part = text.pointee.next
            }
            attributes[String(cString: current.pointee.name)] = value
            attribute = current.pointee.next
        }
        var children: [XMLElement] = []
        var text = ""
        var child = node.pointee.children
        while let current = child {
            switch current.pointee.type {
            case XML_ELEMENT_NODE:
                children.append(element(current, source: source))
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = current.pointee.content { text += String(cString: content) }
            default:
                break
            }
            child = current.pointee.next
        }
        return XMLElement(
            name: String(cString: node.pointee.name), attributes: attributes, children: children,
            text: trimmed(text), line: source.start(of: Self.qualifiedName(node), endingOn: Int(xmlGetLineNo(node)))
        )
    }

    /// `prefix:name` as written, or the name alone.
    private static func qualifiedName(_ node: xmlNodePtr) -> String {
        let name = String(cString: node.pointee.name)
        guard let prefix = node.pointee.ns?.pointee.prefix else { return name }
        return String(cString: prefix) + ":" + name
    }
}

/// libxml2's error callback: appends each error's line and message to the collector.
private func collect(_ context: UnsafeMutableRawPointer?, _ error: UnsafeMutablePointer<xmlError>?) {
    guard let context, let error else { return }
    let collector = Unmanaged<XMLReader.ErrorCollector>.fromOpaque(context).takeUnretainedValue()
    let message = error.pointee.message.map { String(cString: $0) } ?? "unknown error"
    // Validation errors often carry no line of their own; the node they concern has one.
    var line = Int(error.pointee.line)
    if line <= 0, let node = error.pointee.node {
        line = Int(xmlGetLineNo(node.assumingMemoryBound(to: xmlNode.self)))
    }
    collector.problems.append((line, trimmed(message)))
}

/// Without leading and trailing whitespace.
func trimmed(_ text: String) -> String {
    let scalars = text.unicodeScalars
    guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
          let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
    else { return "" }
    return String(scalars[first...last])
}
