import Foundation

/// Converts Android Jetpack Navigation graphs (`res/navigation/*.xml`) into an app folder a
/// person can walk in a browser: every destination a screen of the shared layout, every action
/// a button posting to the app's action route.
///
/// - The root graph's start destination is the stack's root (a bottom-navigation app's tabs are
///   each the start of a top-level graph); a nested or `<include>`d graph is entered at its own
///   start destination. A graph included from several parents is imported once: its
///   destinations are shared, one route each, reached from every parent.
/// - `dialog` destinations are modals over the screen that opened them; `activity` destinations
///   are pushed screens.
/// - `<argument>`s are typed parameters with their defaults; `<deepLink>`s give the path (the
///   first one) and the app's link schemes and hosts.
/// - `<action>`s navigate with their arguments, `popUpTo` shaping the back stack; arguments no
///   action supplies are asked for in a small form.
/// - `@string/` labels are read from the `strings.xml` files given.
///
/// Whatever cannot be mapped exactly is listed as a note with its file and line.
public struct NavGraphImporter {
    /// The result: the folder's files and what could not be mapped.
    public struct Output: Sendable {
        /// File contents by path relative to the app folder (`app.xml`, `home.html`, …).
        public let files: [String: String]
        /// Notes on what was approximated or left out, `file:line: note` each.
        public let unmapped: [String]
    }

    /// A file given to the importer: its path (for notes) and its bytes.
    public typealias File = (path: String, contents: [UInt8])

    struct Argument {
        var name: String
        var type: String
        var defaultValue: String?
        var isRequired: Bool
        var note: String?
        /// The default of an argument its screen's address must hold: an action that gives no
        /// value passes this one, as Android would use the default.
        var impliedValue: String?
        /// Its query item's name in the deep link, when not its own (`?photos={showPhotos}`).
        var queryName: String?
    }

    struct Action {
        var id: String
        /// A destination or graph id; nil for a pop-only action.
        var destination: String?
        /// The route it leads to when known already (a screen no action leads to, offered on the
        /// start): not looked up by Android id from where it is offered.
        var route: String? = nil
        var popUpTo: String?
        var inclusive: Bool
        /// `launchSingleTop`: a screen of the destination already on top is replaced.
        var singleTop = false
        /// Values the action gives its destination's arguments (`<argument>` on the action).
        var arguments: [String: String]
        var file: String
        var line: Int
    }

    struct DeepLink {
        var uri: String
        var file: String
        var line: Int
    }

    struct Destination {
        /// The route's name: the Android id, made unique when graphs use one twice.
        var id: String
        /// The id as the graphs write it.
        let androidID: String
        var kind: String
        var className: String?
        var label: String
        var arguments: [Argument] = []
        var deepLinks: [DeepLink] = []
        var actions: [Action] = []
        /// The graphs it is in, outermost first: their global actions are offered on it.
        var graphs: [String]
        var line: Int
        var file: String
    }

    let appID: String
    var destinations: [Destination] = []
    /// Each graph's start destination (a destination or a graph id), by graph id.
    var graphStarts: [String: String] = [:]
    /// Each graph's label, by graph id (a bottom-navigation tab's title).
    var graphLabels: [String: String] = [:]
    /// The root graph's children that are graphs (nested or included), in order.
    var topLevelGraphs: [String] = []
    var globalActions: [String: [Action]] = [:]
    var unmapped: [String] = []
    /// The graphs given, by file name (what `@navigation/<name>` names), with their files.
    var graphs: [String: (file: String, root: XMLElement)] = [:]
    /// Included graphs already imported, with where they were first included.
    var imported: Set<String> = []
    var strings: [String: String] = [:]
    var menu: [(id: String, title: String, line: Int)] = []
    var menuFile = ""
    var rootGraph = ""

    /// Imports graphs read from `files`; the first is the root graph, the others may be
    /// `<include>`d by name (`@navigation/<file name>`). `strings` are `res/values/strings.xml`
    /// files that `@string/` labels name; `menu` is a bottom-navigation menu whose items name
    /// the top-level destinations that become tabs.
    public static func importGraphs(_ files: [File], appID: String, strings: [File] = [], menu: File? = nil) -> Result<Output, FolderProblems> {
        var importer = NavGraphImporter(appID: appID)
        var problems: [FolderProblem] = []
        var roots: [(String, XMLElement)] = []
        for (path, contents) in files {
            switch XMLReader.read(contents, file: path) {
            case .success(let root) where root.name == "navigation":
                importer.graphs[Self.fileName(path)] = (path, root)
                roots.append((path, root))
            case .success(let root):
                problems.append(FolderProblem(file: path, line: root.line, message: "the root element is <\(root.name)>, not <navigation>; is this a navigation graph?"))
            case .failure(let found):
                problems += found.problems
            }
        }
        for (path, contents) in strings {
            switch XMLReader.read(contents, file: path) {
            case .success(let root) where root.name == "resources":
                for string in root.children("string") where string["name"] != nil {
                    importer.strings[string["name"]!] = Self.resourceText(string.text)
                }
            case .success(let root):
                problems.append(FolderProblem(file: path, line: root.line, message: "the root element is <\(root.name)>, not <resources>; is this a strings.xml file?"))
            case .failure(let found):
                problems += found.problems
            }
        }
        for (name, text) in importer.strings where text.hasPrefix("@string/") {
            // A string that names another, as resources may, in any of the files.
            importer.strings[name] = reference(text).flatMap { importer.strings[$0] } ?? text
        }
        if let (path, contents) = menu {
            switch XMLReader.read(contents, file: path) {
            case .success(let root) where root.name == "menu":
                importer.menuFile = path
                // Items may stand in <group>s, as a navigation drawer's do.
                let items = root.children.flatMap { $0.name == "group" ? $0.children("item") : $0.name == "item" ? [$0] : [] }
                importer.menu = items.compactMap { item in
                    guard let id = reference(item["id"]) else { return nil }
                    if item["visible"] == "false" {
                        importer.unmapped.append("\(path):\(item.line): menu item '\(id)' is hidden (android:visible=\"false\"); it is not a tab")
                        return nil
                    }
                    return (id, item["title"] ?? id, item.line)
                }
            case .success(let root):
                problems.append(FolderProblem(file: path, line: root.line, message: "the root element is <\(root.name)>, not <menu>; is this a menu resource?"))
            case .failure(let found):
                problems += found.problems
            }
        }
        guard problems.isEmpty, let (path, root) = roots.first else {
            return .failure(FolderProblems(problems.isEmpty ? [FolderProblem(file: "-", line: 1, message: "no navigation graph given")] : problems))
        }
        importer.rootGraph = reference(root["id"]) ?? fileName(path)
        importer.imported.insert(fileName(path))
        importer.walk(root, file: path, graphs: [], isRoot: true)
        for (name, graph) in importer.graphs.sorted(by: { $0.key < $1.key }) where !importer.imported.contains(name) {
            importer.unmapped.append("\(graph.file):\(graph.root.line): graph '\(name)' is not included by the root graph, so nothing leads to it; it was left out")
        }
        return importer.finish(file: path, line: root.line)
    }

    /// `@+id/home` or `@id/home` → `home`.
    static func reference(_ value: String?) -> String? {
        guard let value, let last = value.split(separator: "/").last else { return nil }
        return String(last)
    }

    /// `res/navigation/nav_graph.xml` → `nav_graph`.
    static func fileName(_ path: String) -> String {
        ((path as NSString).lastPathComponent as NSString).deletingPathExtension
    }

    /// A string resource's text as Android shows it: `\'` and `\"` unescaped, surrounding quotes dropped.
    static func resourceText(_ text: String) -> String {
        var text = text
        if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") { text = String(text.dropFirst().dropLast()) }
        return text.replacingOccurrences(of: "\\'", with: "'").replacingOccurrences(of: "\\\"", with: "\"")
            .replacingOccurrences(of: "\\n", with: " ")
    }

    /// A label or value as shown: `@string/name` read from the strings given (else made from the
    /// name, with a note), anything else as written.
    mutating func resolved(_ value: String, file: String, line: Int, what: String) -> String {
        guard value.hasPrefix("@") else { return value }
        let name = Self.reference(value) ?? value
        if value.hasPrefix("@string/"), let text = strings[name] { return text }
        let made = Self.humanized(name)
        let hint = value.hasPrefix("@string/") ? "; pass the strings.xml that defines it with --strings" : ""
        unmapped.append("\(file):\(line): \(what) \(value) is a resource FlowPages cannot read; it reads '\(made)'\(hint)")
        return made
    }

    private mutating func walk(_ graph: XMLElement, file: String, graphs: [String], isRoot: Bool) {
        let graphID = Self.reference(graph["id"]) ?? (isRoot ? rootGraph : "graph\(graphStarts.count + 1)")
        let chain = graphs + [graphID]
        if let start = Self.reference(graph["startDestination"]) {
            graphStarts[graphID] = start
        } else {
            unmapped.append("\(file):\(graph.line): graph '\(graphID)' has no app:startDestination; nothing opens it")
        }
        if let label = graph["label"] { graphLabels[graphID] = resolved(label, file: file, line: graph.line, what: "label") }
        for element in graph.children {
            switch element.name {
            case "navigation":
                if isRoot { topLevelGraphs.append(Self.reference(element["id"]) ?? "graph\(graphStarts.count + 1)") }
                walk(element, file: file, graphs: chain, isRoot: false)
            case "include":
                include(element, file: file, graphs: chain, isRoot: isRoot)
            case "include-dynamic":
                // A dynamic feature module's graph, given by file name: imported as if installed.
                unmapped.append("\(file):\(element.line): <include-dynamic> of '\(element["graphResName"] ?? "")' is imported as if its feature module were installed")
                include(element, file: file, graphs: chain, isRoot: isRoot)
            case "action":
                if let action = action(element, file: file, owner: "graph '\(graphID)'") { globalActions[graphID, default: []].append(action) }
            case "argument":
                unmapped.append("\(file):\(element.line): argument '\(element["name"] ?? "")' of graph '\(graphID)' is given to its start destination '\(graphStarts[graphID] ?? "?")'")
                pendingGraphArguments[graphID, default: []].append((element, file))
            case "deepLink":
                pendingGraphLinks[graphID, default: []].append(DeepLink(uri: element["uri"] ?? "", file: file, line: element.line))
                unmapped.append("\(file):\(element.line): the deep link of graph '\(graphID)' opens its start destination '\(graphStarts[graphID] ?? "?")'")
            default:
                guard element["id"] != nil else {
                    unmapped.append("\(file):\(element.line): <\(element.name)> has no android:id, so nothing can lead to it; it was left out")
                    continue
                }
                var found = destination(element, file: file, graphs: chain)
                if destinations.contains(where: { $0.id == found.id }) {
                    // Android resolves a repeated id to the closest destination; a route has one name.
                    let renamed = found.id + "_" + graphID
                    unmapped.append("\(file):\(element.line): destination id '\(found.id)' is used again in graph '\(graphID)'; this one's route is '\(renamed)', and an action naming '\(found.id)' leads to the one of the innermost graph around it")
                    found.id = renamed
                }
                destinations.append(found)
            }
        }
    }

    /// Arguments and deep links declared on a graph, given to its start destination at the end.
    var pendingGraphArguments: [String: [(XMLElement, String)]] = [:]
    var pendingGraphLinks: [String: [DeepLink]] = [:]

    private mutating func include(_ element: XMLElement, file: String, graphs chain: [String], isRoot: Bool) {
        let name = Self.reference(element["graph"]) ?? element["graphResName"] ?? ""
        guard let (includedFile, root) = graphs[name] else {
            unmapped.append("\(file):\(element.line): <include> of '\(name)' names a graph that was not given; pass \(name).xml too")
            return
        }
        let graphID = Self.reference(root["id"]) ?? name
        // <include-dynamic android:id> is what actions name; it stands for the graph it includes.
        if let alias = Self.reference(element["id"]), alias != graphID { graphStarts[alias] = graphID }
        if isRoot { topLevelGraphs.append(graphID) }
        guard imported.insert(name).inserted else {
            // Each parent reaches the same screens: one route each, so links and Back agree.
            unmapped.append("\(file):\(element.line): graph '\(name)' is included again; its destinations are shared with the first include, not copied")
            return
        }
        walk(root, file: includedFile, graphs: chain, isRoot: false)
    }

    private mutating func destination(_ element: XMLElement, file: String, graphs: [String]) -> Destination {
        let id = Self.reference(element["id"])!
        let label = element["label"].map { resolved($0, file: file, line: element.line, what: "label") } ?? Self.humanized(id)
        var result = Destination(id: id, androidID: id, kind: element.name, className: element["name"], label: label, graphs: graphs, line: element.line, file: file)
        switch element.name {
        case "fragment", "dialog", "composable":
            break
        case "activity":
            unmapped.append("\(file):\(element.line): activity '\(id)' is a pushed screen; a separate Android task has no web counterpart")
            for attribute in ["action", "data", "dataPattern", "targetPackage"] where element[attribute] != nil {
                unmapped.append("\(file):\(element.line): activity '\(id)' sets android:\(attribute)=\"\(element[attribute]!)\"; the screen does not start another app")
            }
        case "sheet", "bottomSheet":
            unmapped.append("\(file):\(element.line): <\(element.name)> '\(id)' is a sheet over the screen that opened it")
        case "fragment-dynamic", "activity-dynamic":
            unmapped.append("\(file):\(element.line): <\(element.name)> '\(id)' comes from a dynamic feature module; it is a pushed screen, as if the module were installed")
        default:
            unmapped.append("\(file):\(element.line): <\(element.name)> '\(id)' is a destination of a navigator FlowPages does not know; it is a pushed screen")
        }
        for child in element.children {
            switch child.name {
            case "argument":
                result.arguments.append(argument(child, of: "'\(id)'", file: file))
            case "deepLink":
                result.deepLinks.append(DeepLink(uri: child["uri"] ?? "", file: file, line: child.line))
                for attribute in ["mimeType", "action"] where child[attribute] != nil {
                    unmapped.append("\(file):\(child.line): the deep link of '\(id)' matches \(attribute) '\(child[attribute]!)'; a browser link carries none, so it matches by its URI only")
                }
                if child["uri"] == nil {
                    unmapped.append("\(file):\(child.line): a deep link of '\(id)' has no app:uri; it was left out")
                }
            case "action":
                if let action = action(child, file: file, owner: "'\(id)'") { result.actions.append(action) }
            default:
                unmapped.append("\(file):\(child.line): <\(child.name)> in '\(id)' is not part of a navigation graph; it was left out")
            }
        }
        return result
    }

    private mutating func argument(_ element: XMLElement, of owner: String, file: String) -> Argument {
        let name = element["name"] ?? "arg"
        let raw = element["defaultValue"]
        let declared = element["argType"] ?? Self.inferredType(raw)
        let (type, note) = Self.parameterType(declared)
        if let note { unmapped.append("\(file):\(element.line): argument '\(name)' of \(owner): \(note)") }
        var defaultValue: String?
        if let raw, raw != "@null" {
            defaultValue = Self.value(raw, type: declared)
            if raw.hasPrefix("@") { defaultValue = resolved(raw, file: file, line: element.line, what: "default") }
            if defaultValue?.isEmpty == true { defaultValue = nil }
        }
        let nullable = element["nullable"] == "true"
        return Argument(name: name, type: type, defaultValue: defaultValue, isRequired: raw == nil && !nullable, note: note)
    }

    private mutating func action(_ element: XMLElement, file: String, owner: String) -> Action? {
        let id = Self.reference(element["id"]) ?? "action\(element.line)"
        let popUpTo = Self.reference(element["popUpTo"])
        let destination = Self.reference(element["destination"])
        guard destination != nil || popUpTo != nil else {
            unmapped.append("\(file):\(element.line): action '\(id)' of \(owner) has neither a destination nor popUpTo; it does nothing and was left out")
            return nil
        }
        var arguments: [String: String] = [:]
        for child in element.children {
            if child.name == "argument", let name = child["name"] {
                if let value = child["defaultValue"], value != "@null" {
                    arguments[name] = value.hasPrefix("@") ? resolved(value, file: file, line: child.line, what: "argument value") : Self.value(value, type: child["argType"] ?? Self.inferredType(value))
                }
            } else {
                unmapped.append("\(file):\(child.line): <\(child.name)> in action '\(id)' is not part of an action; it was left out")
            }
        }
        let animations = ["enterAnim", "exitAnim", "popEnterAnim", "popExitAnim"].filter { element[$0] != nil }
        if !animations.isEmpty {
            unmapped.append("\(file):\(element.line): action '\(id)' animates (\(animations.joined(separator: ", "))); pages change without animation")
        }
        for attribute in ["popUpToSaveState", "restoreState"] where element[attribute] == "true" {
            unmapped.append("\(file):\(element.line): action '\(id)' sets \(attribute); FlowPages keeps no saved back stacks, so a popped screen comes back fresh")
        }
        return Action(id: id, destination: destination, popUpTo: popUpTo, inclusive: element["popUpToInclusive"] == "true",
                      singleTop: element["launchSingleTop"] == "true", arguments: arguments, file: file, line: element.line)
    }

    /// An argument's type when `argType` is left out: what its default reads as.
    static func inferredType(_ value: String?) -> String {
        guard let value else { return "string" }
        if Int(value) != nil { return "integer" }
        if value.hasSuffix("L"), Int(value.dropLast()) != nil { return "long" }
        if value == "true" || value == "false" { return "boolean" }
        if value.hasSuffix("f") || value.contains("."), Double(value.hasSuffix("f") ? String(value.dropLast()) : value) != nil { return "float" }
        return "string"
    }

    /// A default as its parameter reads it: `5L` → `5`, `1.5f` → `1.5`.
    static func value(_ raw: String, type: String) -> String {
        switch type {
        case "long" where raw.hasSuffix("L"), "float" where raw.hasSuffix("f"): String(raw.dropLast())
        default: raw
        }
    }

    /// Android argument types as FlowPages parameter kinds, with a note when approximated.
    static func parameterType(_ type: String) -> (String, String?) {
        switch type {
        case "string": ("string", nil)
        case "integer", "long": ("integer", nil)
        case "boolean": ("boolean", nil)
        case "float": ("float", nil)
        case "reference": ("integer", "a resource reference is read as its number")
        case let other: ("string", "type '\(other)' is read as text")
        }
    }
}

extension NavGraphImporter {
    /// Reads graph files (the root first), `strings.xml` files and a menu, imports them and
    /// writes the app folder `out` (created if needed; files already there are replaced).
    /// Returns what could not be mapped exactly.
    public static func importFiles(_ paths: [String], appID: String, out: String, strings: [String] = [], menu: String? = nil) throws -> [String] {
        func read(_ path: String) throws -> File {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw FolderProblems([FolderProblem(file: path, line: 1, message: "cannot be read")])
            }
            return (path, Array(data))
        }
        let output = try importGraphs(try paths.map(read), appID: appID, strings: try strings.map(read), menu: try menu.map(read)).get()
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        for (name, contents) in output.files {
            try Data(contents.utf8).write(to: URL(fileURLWithPath: (out as NSString).appendingPathComponent(name)))
        }
        return output.unmapped
    }
}
