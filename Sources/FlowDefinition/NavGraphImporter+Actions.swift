extension NavGraphImporter {
    /// Writes the graphs' actions as the app's actions, forms and the buttons that post them.
    ///
    /// An Android action id names a different thing on each destination that declares it
    /// (`next` on every step of a flow); an app's action id is one thing everywhere. An action
    /// keeps its Android id while every use of that id does the same; each use that differs gets
    /// the id of its destination as well (`step1-next`).
    struct ActionWriter {
        private(set) var actions: [String] = []
        private(set) var forms: [String] = []
        /// The app's action id of each action body written, by Android id.
        private var written: [String: [(body: String, id: String)]] = [:]
        private var taken: Set<String> = []

        /// Writes `action` as offered on `source` (once per distinct body) and returns the HTML
        /// of its button, or nil when it leads nowhere the graphs know.
        mutating func add(_ action: Action, from source: Destination, routes: [String: Route], importer: inout NavGraphImporter) -> String? {
            let at = "\(action.file):\(action.line)"
            var popped: String?
            var inclusive = action.inclusive
            if let popUpTo = action.popUpTo {
                guard let resolved = importer.resolve(popUpTo, from: source.graphs) else {
                    importer.note(once: "\(at): action '\(action.id)' pops up to '\(popUpTo)', which is not in the graphs given; it was left out")
                    return nil
                }
                if resolved != popUpTo {
                    // Popping up to a graph pops every screen of it, its start destination too.
                    inclusive = true
                    if popUpTo != importer.rootGraph {
                        importer.note(once: "\(at): action '\(action.id)' pops up to graph '\(popUpTo)': back out of its start destination '\(resolved)', as the graph is entered there")
                    }
                }
                popped = resolved
            }
            guard let destination = action.destination else {
                // Pop-only: back to a screen on the stack (or past it).
                let title = routes[popped!]!.buttonLabel
                let label = inclusive ? "Back out of \(title)" : "Back to \(title)"
                let body = "<pop-up-to route=\"\(xml(popped!))\"\(inclusive ? " inclusive=\"true\"" : "")/>"
                return button(id: write(action, source: source, body: body, form: nil), label: label, fields: [], form: false)
            }
            guard let target = action.route ?? importer.resolve(destination, from: source.graphs), let route = routes[target] else {
                importer.note(once: "\(at): action '\(action.id)' of '\(source.id)' leads to '\(destination)', which is not in the graphs given; it was left out")
                return nil
            }
            let sourceParameters = Set((routes[source.id]?.parameters ?? []).map(\.name))
            var withs: [String] = []
            var asked: [Argument] = []
            var given: [String: String] = [:]
            for parameter in route.parameters {
                if let value = action.arguments[parameter.name] ?? parameter.impliedValue {
                    given[parameter.name] = value
                    withs.append("<with param=\"\(xml(parameter.name))\" value=\"\(xml(value))\"/>")
                } else if sourceParameters.contains(parameter.name) {
                    // Safe Args passes what the screen has: the same argument travels on.
                    withs.append("<with param=\"\(xml(parameter.name))\" from-param=\"\(xml(parameter.name))\"/>")
                } else if parameter.isRequired {
                    withs.append("<with param=\"\(xml(parameter.name))\" field=\"\(xml(parameter.name))\"/>")
                    asked.append(parameter)
                }
            }
            for name in action.arguments.keys.sorted() where !route.parameters.contains(where: { $0.name == name }) {
                importer.note(once: "\(at): action '\(action.id)' gives '\(name)', which '\(target)' does not take; it was left out")
            }
            let popping = popped.map { " pop-up-to=\"\(xml($0))\"" + (inclusive ? " inclusive=\"true\"" : "") } ?? ""
            let singleTop = action.singleTop ? " single-top=\"true\"" : ""
            let navigate = "<navigate route=\"\(xml(target))\"\(popping)\(singleTop)" + (withs.isEmpty ? "/>" : ">" + withs.joined() + "</navigate>")
            let form = asked.isEmpty ? nil : asked.map(Self.field).joined(separator: "\n")
            let id = write(action, source: source, body: navigate, form: form)
            return button(id: id, label: Self.label(of: route, given: given), fields: asked.map(\.name), form: form != nil)
        }

        /// What a button to `route` reads: its title with the values the action gives filled in
        /// ("Plant 7"), else without its placeholders.
        private static func label(of route: Route, given: [String: String]) -> String {
            guard !given.isEmpty, route.title.contains("{") else { return route.buttonLabel }
            var text = ""
            var rest = Substring(route.title)
            while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
                text += rest[..<open] + (given[String(rest[rest.index(after: open)..<close])] ?? "")
                rest = rest[rest.index(after: close)...]
            }
            let filled = NavGraphImporter.withoutPlaceholders(text + rest)
            return filled.isEmpty ? route.buttonLabel : filled
        }

        /// The app's id for `body`: the Android id while it means one thing, else prefixed by
        /// its destination's.
        private mutating func write(_ action: Action, source: Destination, body: String, form: String?) -> String {
            let whole = body + (form ?? "")
            if let known = written[action.id]?.first(where: { $0.body == whole }) { return known.id }
            var id = taken.contains(action.id) ? source.id + "-" + action.id : action.id
            var number = 2
            while taken.contains(id) {
                id = source.id + "-" + action.id + "-\(number)"
                number += 1
            }
            taken.insert(id)
            written[action.id, default: []].append((whole, id))
            if let form {
                forms.append("    <form id=\"\(xml(id))\">\n\(form)\n    </form>")
                actions.append("    <action id=\"\(xml(id))\" form=\"\(xml(id))\">\(body)</action>")
            } else {
                actions.append("    <action id=\"\(xml(id))\">\(body)</action>")
            }
            return id
        }

        /// The form field asking for an argument no action supplies: a checkbox for a boolean
        /// (unticked is `false`), else a field that must be filled in.
        private static func field(_ argument: Argument) -> String {
            let label = NavGraphImporter.humanized(argument.name)
            if argument.type == "boolean" {
                return "      <field name=\"\(xml(argument.name))\" label=\"\(xml(label))\" type=\"checkbox\"/>"
            }
            let type = argument.type == "integer" || argument.type == "float" ? "number" : "text"
            var field = "      <field name=\"\(xml(argument.name))\" label=\"\(xml(label))\" type=\"\(type)\">"
            field += "<required message=\"Enter \(xml(label.lowercased())): the screen needs it.\"/>"
            switch argument.type {
            case "integer": field += "<pattern value=\"-?[0-9]+\" message=\"Enter a whole number.\"/>"
            case "float": field += "<pattern value=\"\(xml(NavGraphImporter.floatPattern))\" message=\"Enter a number such as 1.5.\"/>"
            default: break
            }
            return field + "</field>"
        }

        /// A button posting the action; with fields, a small form asking for them first.
        private func button(id: String, label: String, fields: [String], form: Bool) -> String {
            let label = NavGraphImporter.html(label)
            guard form else {
                return "<form method=\"post\" action=\"{{ actions.\(id) }}\" class=\"action\">{{> _layout/form-fields}}<button type=\"submit\">\(label)</button></form>"
            }
            return "{{> _layout/form-start action=actions.\(id) form=forms.\(id)}}\n"
                + fields.map { "{{> _layout/field field=forms.\(id).\($0)}}\n" }.joined()
                + "<div class=\"actions\"><button type=\"submit\">\(label)</button></div></form>"
        }

        private func xml(_ text: String) -> String { NavGraphImporter.xml(text) }
        private static func xml(_ text: String) -> String { NavGraphImporter.xml(text) }
    }

    /// Adds a note unless the same one was made already (a global action is offered on many screens).
    mutating func note(once text: String) {
        if !unmapped.contains(text) { unmapped.append(text) }
    }
}
