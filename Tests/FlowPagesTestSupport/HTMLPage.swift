import CLibXML2

/// A page as libxml2's HTML parser reads it, with the queries the end-to-end tests ask: what a
/// person sees (heading, title, buttons, fields, notices) and what an HTML checker would flag.
package struct HTMLPage {
    /// An element: its name, attributes and children, text included as `#text` nodes.
    package final class Node {
        /// The element's name, or `#text` for text.
        package let name: String
        /// Its attributes, by name.
        package let attributes: [String: String]
        /// Its child nodes, in document order.
        package var children: [Node] = []
        /// A text node's text.
        package let text: String

        /// A node with no children yet.
        package init(name: String, attributes: [String: String], text: String = "") {
            self.name = name
            self.attributes = attributes
            self.text = text
        }

        /// The value of `attribute`, if it is set.
        package subscript(attribute: String) -> String? { attributes[attribute] }

        /// This element and every element below it, in document order.
        package var all: [Node] { [self] + children.flatMap(\.all) }

        /// The text a person reads, white space folded.
        package var content: String {
            raw.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }

        /// The text a screen reader reads: `aria-hidden` parts left out, whitespace collapsed.
        package var spoken: String {
            spokenRaw.split(whereSeparator: \.isWhitespace).joined(separator: " ").replacingOccurrences(of: " ,", with: ",")
        }

        private var spokenRaw: String {
            if self["aria-hidden"] == "true" { return "" }
            return name == "#text" ? text : children.map(\.spokenRaw).joined()
        }

        /// Whether a control is called `label`: its text, or its text but for what it adds for a
        /// screen reader (" to Projects" after Back or Close, " tab" after a tab's name).
        package func isCalled(_ label: String) -> Bool {
            content == label || content.hasPrefix(label + " to ") || spoken == label + " tab" || spoken.hasPrefix(label + " tab,")
        }

        /// The text as written, whitespace kept (a textarea's value).
        package var raw: String { name == "#text" ? text : children.map(\.raw).joined() }

        /// Every element named `name` at or under this node.
        package func elements(_ name: String) -> [Node] { all.filter { $0.name == name } }

        /// Whether its `class` lists `name`.
        package func hasClass(_ name: String) -> Bool { (self["class"] ?? "").split(separator: " ").contains { $0 == name } }
    }

    /// The document's root element.
    package let root: Node

    /// Parses `html`; libxml2 recovers from errors as browsers do, and they are not printed.
    package init(_ html: String) {
        let bytes = Array(html.utf8)
        let options = Int32(HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_NONET.rawValue)
        let document = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                htmlReadMemory($0, Int32(buffer.count), "page.html", "UTF-8", options)
            }
        }
        defer { xmlFreeDoc(document) }
        root = Node(name: "#document", attributes: [:])
        var child = document.flatMap { xmlDocGetRootElement($0) }
        while let node = child {
            if let converted = Self.convert(node) { root.children.append(converted) }
            child = node.pointee.next
        }
    }

    private static func convert(_ node: xmlNodePtr) -> Node? {
        switch node.pointee.type {
        case XML_TEXT_NODE:
            return Node(name: "#text", attributes: [:], text: node.pointee.content.map { String(cString: $0) } ?? "")
        case XML_ELEMENT_NODE:
            var attributes: [String: String] = [:]
            var attribute = node.pointee.properties
            while let current = attribute {
                let name = String(cString: current.pointee.name)
                // An attribute's value is its text children (one, after entity substitution).
                var value = ""
                var text = current.pointee.children
                while let part = text {
                    value += part.pointee.content.map { String(cString: $0) } ?? ""
                    text = part.pointee.next
                }
                attributes[name] = value
                attribute = current.pointee.next
            }
            let element = Node(name: String(cString: node.pointee.name), attributes: attributes)
            var child = node.pointee.children
            while let current = child {
                if let converted = convert(current) { element.children.append(converted) }
                child = current.pointee.next
            }
            return element
        default:
            return nil
        }
    }

    // MARK: - What a person sees

    /// The page's title.
    package var title: String { root.elements("title").first?.content ?? "" }
    /// The text of its `h1`.
    package var heading: String { root.elements("h1").first?.content ?? "" }
    /// Its `#main` region.
    package var main: Node? { root.all.first { $0["id"] == "main" } }

    /// The in-page Back or Close control's label ("Back to Login"), if any.
    package var back: String? { root.all.first { $0.name == "form" && $0.hasClass("back") }?.elements("button").first?.content }

    /// The labels of every button on the page a person can press.
    package var buttons: [String] { root.elements("button").filter { !isInert($0) }.map(\.content) }

    /// Whether `node` lies in an `inert` part of the page (the screen beneath a sheet, the page
    /// beneath an alert), where no pointer, key or screen reader reaches it.
    package func isInert(_ node: Node) -> Bool {
        root.all.filter { $0["inert"] != nil }.contains { $0.all.contains { $0 === node } }
    }

    /// The toasts shown in the status region.
    package var toasts: [String] { root.all.first { $0["role"] == "status" }?.elements("p").map(\.content) ?? [] }

    /// The alert dialog's title and message, if one is shown.
    package var alert: (title: String, message: String, buttons: [String])? {
        guard let dialog = root.all.first(where: { $0["role"] == "alertdialog" }) else { return nil }
        return (dialog.elements("h2").first?.content ?? "", dialog.elements("p").first?.content ?? "", dialog.elements("button").map(\.content))
    }

    /// The breadcrumb trail's accessible label.
    package var breadcrumbs: String? { root.all.first { $0.name == "nav" && $0.hasClass("breadcrumbs") }?["aria-label"] }

    /// The error summary's messages.
    package var errors: [String] { root.all.first { $0.hasClass("error-summary") }?.elements("li").map(\.content) ?? [] }

    /// The control labelled `label`, by its `label for` or wrapping label.
    package func field(labelled label: String) -> Node? {
        // One a person can fill first: a sheet's field before a field of the same label beneath it.
        let labels = root.elements("label").filter { $0.content == label }
        guard let target = labels.first(where: { !isInert($0) }) ?? labels.first else { return nil }
        if let id = target["for"] { return root.all.first { $0["id"] == id } }
        return target.all.first { ["input", "select", "textarea"].contains($0.name) }
    }

    /// The accessible name of the element with `id`, from a `label for` it.
    package func label(of id: String) -> String? { root.elements("label").first { $0["for"] == id }?.content }

    /// The tab bar's buttons by their accessible names ("Inquiries tab, 1 unread"), and the
    /// selected one's.
    package var tabs: (selected: String?, labels: [String]) {
        let buttons = root.all.filter { $0.name == "nav" && $0.hasClass("tab-bar") }.flatMap { $0.elements("button") }
        return (buttons.first { $0["aria-current"] == "page" }?.spoken, buttons.map(\.spoken))
    }

    /// The tab bar's form, whose buttons each post to their tab (`formaction`).
    package var tabBarForm: Node? {
        root.all.first { $0.name == "nav" && $0.hasClass("tab-bar") }?.elements("form").first
    }

    /// Whether the tab bar offers tab `id`.
    package func hasTab(_ id: String) -> Bool {
        tabBarForm?.elements("button").contains { $0["formaction"]?.hasSuffix("/_tab/" + id) == true } ?? false
    }

    /// The form and button a press of `label` submits: the button's own `formaction` wins.
    package func button(_ label: String) -> (form: Node, button: Node)? {
        var candidates: [(Node, Node)] = []
        for form in root.elements("form") {
            for button in form.elements("button") where button["form"] == nil && button.isCalled(label) {
                candidates.append((form, button))
            }
        }
        // A button anywhere that names its form (form="…"), as a bar's Close posts the guarded form.
        for button in root.elements("button") where button.isCalled(label) {
            guard let owner = button["form"], let form = root.elements("form").first(where: { $0["id"] == owner }) else { continue }
            candidates.append((form, button))
        }
        candidates.removeAll { isInert($0.1) }
        // The page's own controls before the prototype toolbar's.
        return candidates.first { !isInToolbar($0.1) } ?? candidates.first
    }

    private func isInToolbar(_ node: Node) -> Bool {
        root.all.first { $0.hasClass("prototype-tools") }?.all.contains { $0 === node } ?? false
    }

    // MARK: - What an HTML checker flags

    /// Problems with the page as a whole: exactly one `h1`, a title, every form control
    /// labelled, no duplicate ids, a `lang`.
    package var problems: [String] {
        var problems: [String] = []
        let headings = root.elements("h1").count
        if headings != 1 { problems.append("\(headings) h1 elements") }
        if title.isEmpty { problems.append("no title") }
        if (root.elements("html").first?["lang"] ?? "").isEmpty { problems.append("no lang on html") }
        var seen: Set<String> = []
        for id in root.all.compactMap({ $0["id"] }) where !seen.insert(id).inserted {
            problems.append("duplicate id '\(id)'")
        }
        for control in root.all where ["input", "select", "textarea", "button"].contains(control.name) {
            guard control["type"] != "hidden" else { continue }
            let named = control["aria-label"].map { !$0.isEmpty } ?? false
                || control["aria-labelledby"] != nil
                || (control.name == "button" && !control.content.isEmpty)
                || control["id"].flatMap(label(of:)).map { !$0.isEmpty } ?? false
            if !named { problems.append("unlabelled \(control.name) '\(control["name"] ?? "")'") }
        }
        return problems
    }
}
