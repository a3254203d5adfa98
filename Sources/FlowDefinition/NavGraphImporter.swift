import Foundation

/// Converts Android Jetpack Navigation graphs (`res/navigation/*.xml`) into an app folder, so an
/// Android app's flow can be walked in a browser at once.
///
/// Every destination (`fragment`, `activity`, `dialog`) becomes a route on one stack, as the
/// graph shares one back stack; a `dialog` becomes a sheet modal. The root's
/// `startDestination` is the stack's root; a nested or `<include>`d graph is entered at its own
/// start destination. `<argument>`s become typed parameters, `<deepLink app:uri>` gives the
/// path (its `{placeholders}` become path or query parameters), and `<action>`s become actions
/// that navigate to their destination. Whatever cannot be mapped is listed, never dropped silently.
public struct NavGraphImporter {
    /// The result: the folder's files and what could not be mapped.
    public struct Output: Sendable {
        /// File contents by path relative to the app folder (`app.xml`, `home.html`, …).
        public let files: [String: String]
        /// Notes on what was approximated or left out, one per line.
        public let unmapped: [String]
    }

    struct Destination {
        var id: String
        var kind: String
        var label: String
        var arguments: [(name: String, type: String, required: Bool, note: String?)]
        var deepLink: String?
        var actions: [(id: String, destination: String)]
        var line: Int
        var file: String
    }

    let appID: String
    var destinations: [Destination] = []
    var graphStarts: [String: String] = [:]
    var globalActions: [(id: String, destination: String)] = []
    var unmapped: [String] = []
    var graphs: [String: XMLElement] = [:]
    var rootStart: String?

    /// Imports graphs read from `files` (path and contents); the first is the root graph, the
    /// others may be `<include>`d by name (`@navigation/<file name>`).
    public static func importGraphs(_ files: [(path: String, contents: [UInt8])], appID: String) -> Result<Output, FolderProblems> {
        var importer = NavGraphImporter(appID: appID)
        var problems: [FolderProblem] = []
        var roots: [(String, XMLElement)] = []
        for (path, contents) in files {
            switch XMLReader.read(contents, file: path) {
            case .success(let root) where root.name == "navigation":
                let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
                importer.graphs[name] = root
                roots.append((path, root))
            case .success(let root):
                problems.append(FolderProblem(file: path, line: root.line, message: "the root element is <\(root.name)>, not <navigation>; is this a navigation graph?"))
            case .failure(let found):
                problems += found.problems
            }
        }
        guard problems.isEmpty, let (path, root) = roots.first else {
            return .failure(FolderProblems(problems.isEmpty ? [FolderProblem(file: "-", line: 1, message: "no navigation graph given")] : problems))
        }
        importer.rootStart = Self.reference(root["startDestination"])
        importer.walk(root, file: path, included: [])
        return importer.finish(file: path, line: root.line)
    }

    /// `@+id/home` or `@id/home` → `home`.
    static func reference(_ value: String?) -> String? {
        guard let value else { return nil }
        return value.split(separator: "/").last.map(String.init)
    }

    private mutating func walk(_ graph: XMLElement, file: String, included: Set<String>) {
        let graphID = Self.reference(graph["id"]) ?? "graph"
        if let start = Self.reference(graph["startDestination"]) { graphStarts[graphID] = start }
        for element in graph.children {
            switch element.name {
            case "fragment", "activity", "dialog":
                destinations.append(destination(element, file: file))
                if element.name == "activity" {
                    unmapped.append("\(file):\(element.line): activity '\(Self.reference(element["id"]) ?? "?")' became a pushed screen; a separate Android task has no web counterpart")
                }
            case "navigation":
                walk(element, file: file, included: included)
            case "include":
                let name = Self.reference(element["graph"]) ?? ""
                if let other = graphs[name], !included.contains(name) {
                    walk(other, file: file, included: included.union([name]))
                } else {
                    unmapped.append("\(file):\(element.line): <include> of '\(name)' was not among the given files; pass it too")
                }
            case "action":
                if let action = action(element, file: file) { globalActions.append(action) }
            case "argument", "deepLink":
                unmapped.append("\(file):\(element.line): <\(element.name)> on a whole graph is not mapped; put it on the graph's start destination")
            default:
                unmapped.append("\(file):\(element.line): <\(element.name)> is not part of a navigation graph and was skipped")
            }
        }
    }

    private mutating func destination(_ element: XMLElement, file: String) -> Destination {
        let id = Self.reference(element["id"]) ?? "destination\(destinations.count + 1)"
        var result = Destination(id: id, kind: element.name, label: element["label"] ?? id, arguments: [], deepLink: nil, actions: [], line: element.line, file: file)
        for child in element.children {
            switch child.name {
            case "argument":
                let (type, note) = Self.parameterType(child["argType"])
                let optional = child["nullable"] == "true" || child["defaultValue"] != nil
                result.arguments.append((child["name"] ?? "arg", type, !optional, note))
                if let note { unmapped.append("\(file):\(child.line): argument '\(child["name"] ?? "")' of '\(id)': \(note)") }
            case "deepLink":
                if result.deepLink == nil { result.deepLink = child["uri"] } else {
                    unmapped.append("\(file):\(child.line): '\(id)' has more than one deep link; only the first is its path")
                }
            case "action":
                if let action = action(child, file: file) { result.actions.append(action) }
            default:
                unmapped.append("\(file):\(child.line): <\(child.name)> in '\(id)' is not mapped")
            }
        }
        return result
    }

    private mutating func action(_ element: XMLElement, file: String) -> (id: String, destination: String)? {
        let id = Self.reference(element["id"]) ?? "action"
        guard let destination = Self.reference(element["destination"]) else {
            unmapped.append("\(file):\(element.line): action '\(id)' has no destination (a pop-only action); use Back instead")
            return nil
        }
        if let popUpTo = Self.reference(element["popUpTo"]) {
            unmapped.append("\(file):\(element.line): action '\(id)' pops up to '\(popUpTo)'\(element["popUpToInclusive"] == "true" ? " inclusive" : ""); FlowPages navigates to '\(destination)', popping back to it when it is already on the stack")
        }
        return (id, destination)
    }

    /// Android argument types as FlowPages parameter kinds, with a note when approximated.
    static func parameterType(_ type: String?) -> (String, String?) {
        switch type ?? "string" {
        case "string": ("string", nil)
        case "integer", "long", "reference": ("integer", nil)
        case "boolean": ("boolean", nil)
        case "float": ("string", "float is read as text")
        case let other: ("string", "type '\(other)' is read as text")
        }
    }
}

extension NavGraphImporter {
    /// Reads graph files, imports them and writes the app folder `out` (created if needed; files
    /// already there are replaced). Returns what could not be mapped.
    public static func importFiles(_ paths: [String], appID: String, out: String) throws -> [String] {
        var files: [(String, [UInt8])] = []
        for path in paths {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw FolderProblems([FolderProblem(file: path, line: 1, message: "cannot be read")])
            }
            files.append((path, Array(data)))
        }
        let output = try importGraphs(files, appID: appID).get()
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        for (name, contents) in output.files {
            try Data(contents.utf8).write(to: URL(fileURLWithPath: (out as NSString).appendingPathComponent(name)))
        }
        return output.unmapped
    }
}
