import Foundation

extension NavGraphImporter {
    /// Builds the app folder's files from what was read.
    mutating func finish(file: String, line: Int) -> Result<Output, FolderProblems> {
        let known = Set(destinations.map(\.id))
        /// A destination id, or a graph id standing for its start destination.
        func resolve(_ id: String) -> String? {
            var current = id
            var seen: Set<String> = []
            while !known.contains(current) {
                guard let start = graphStarts[current], seen.insert(current).inserted else { return nil }
                current = start
            }
            return current
        }
        guard let start = rootStart.flatMap(resolve) else {
            return .failure(FolderProblems([FolderProblem(file: file, line: line, message: "the graph's startDestination names no destination; set app:startDestination")]))
        }

        var schemes: [String] = []
        var hosts: [String] = []
        var usedPaths: Set<String> = []
        var routes: [String] = []
        var modals: [String] = []
        var templates: [String: String] = [:]
        var actions: [String] = []
        var actionIDs: Set<String> = []

        for destination in destinations {
            var arguments = destination.arguments
            var path = "/" + destination.id
            var pathParameters: [String] = []
            if let link = destination.deepLink, let parts = Self.parseDeepLink(link) {
                if let scheme = parts.scheme, !["http", "https"].contains(scheme), !schemes.contains(scheme) { schemes.append(scheme) }
                if let host = parts.host, ["http", "https"].contains(parts.scheme ?? ""), !hosts.contains(host) { hosts.append(host) }
                pathParameters = parts.pathParameters
                for name in parts.pathParameters + parts.queryParameters where !arguments.contains(where: { $0.name == name }) {
                    arguments.append((name, "string", parts.pathParameters.contains(name), nil))
                    unmapped.append("\(destination.file):\(destination.line): deep link placeholder '{\(name)}' of '\(destination.id)' has no <argument>; it became a text parameter")
                }
                if usedPaths.contains(parts.path) {
                    unmapped.append("\(destination.file):\(destination.line): deep link path \(parts.path) of '\(destination.id)' is used twice; it got the path \(path)")
                    pathParameters = []
                } else {
                    path = parts.path
                }
            }
            for index in arguments.indices where pathParameters.contains(arguments[index].name) && !arguments[index].required {
                arguments[index].required = true
                unmapped.append("\(destination.file):\(destination.line): argument '\(arguments[index].name)' of '\(destination.id)' is part of its deep link path, so it is required")
            }
            if destination.id == start, arguments.contains(where: \.required) {
                for index in arguments.indices { arguments[index].required = false }
                unmapped.append("\(destination.file):\(destination.line): the start destination '\(destination.id)' opens without arguments, so its arguments became optional")
            }
            if path == "/" + destination.id, start == destination.id { path = "/" }
            usedPaths.insert(path)

            let title = Self.title(destination)
            if destination.label.hasPrefix("@") {
                unmapped.append("\(destination.file):\(destination.line): label \(destination.label) of '\(destination.id)' is a resource; the title '\(title)' was made from its name")
            }
            let owner = destination.kind == "dialog" ? destination.id + "-dialog" : "main"
            if destination.kind == "dialog" { modals.append("      <modal id=\"\(Self.xml(owner))\" root=\"\(Self.xml(destination.id))\"/>") }
            let presentation = destination.kind == "dialog" ? " presentation=\"sheet\"" : ""
            let deepLink = destination.deepLink != nil ? " deep-link=\"true\"" : ""
            var route = "    <route name=\"\(Self.xml(destination.id))\" path=\"\(Self.xml(path))\" title=\"\(Self.xml(title))\" owner=\"\(Self.xml(owner))\"\(presentation)\(deepLink)"
            if arguments.isEmpty {
                route += "/>"
            } else {
                route += ">\n" + arguments.map { argument in
                    "      <param name=\"\(Self.xml(argument.name))\" type=\"\(argument.type)\"\(argument.required ? "" : " required=\"false\"")/>"
                }.joined(separator: "\n") + "\n    </route>"
            }
            routes.append(route)

            var buttons: [String] = []
            for action in destination.actions + globalActions {
                guard let target = resolve(action.destination) else {
                    unmapped.append("\(destination.file):\(destination.line): action '\(action.id)' of '\(destination.id)' leads to '\(action.destination)', which is not in the graph; it was left out")
                    continue
                }
                if actionIDs.insert(action.id).inserted {
                    actions.append("    <action id=\"\(Self.xml(action.id))\"><navigate route=\"\(Self.xml(target))\"/></action>")
                }
                let label = destinations.first { $0.id == target }.map(Self.title) ?? target
                buttons.append("      <button type=\"submit\" name=\"action\" value=\"\(Self.html(action.id))\">\(Self.html(label))</button>")
            }
            templates[destination.id + ".html"] = Self.template(title: title, destination: destination, arguments: arguments.map(\.name), buttons: buttons)
        }

        let app = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- Imported from an Android navigation graph by flowpages import-navgraph. -->
            <app id="\(Self.xml(appID))" title="\(Self.xml(Self.humanized(appID)))">
            \(schemes.map { "  <link-scheme name=\"\(Self.xml($0))\"/>\n" }.joined())\(hosts.map { "  <link-host name=\"\(Self.xml($0))\"/>\n" }.joined())  <navigation>
                <stack id="main" root="\(Self.xml(start))"\(modals.isEmpty ? "/>" : ">\n" + modals.joined(separator: "\n") + "\n    </stack>")
              </navigation>
              <routes>
            \(routes.joined(separator: "\n"))
              </routes>
            \(actions.isEmpty ? "" : "  <actions>\n" + actions.joined(separator: "\n") + "\n  </actions>\n")</app>

            """
        var files = templates
        files["app.xml"] = app
        return .success(Output(files: files, unmapped: unmapped))
    }

    /// The parts of a deep link URI such as `https://example.com/users/{id}?tab={tab}`.
    static func parseDeepLink(_ uri: String) -> (scheme: String?, host: String?, path: String, pathParameters: [String], queryParameters: [String])? {
        var rest = Substring(uri)
        var scheme: String?
        if let range = rest.range(of: "://") {
            scheme = String(rest[..<range.lowerBound]).lowercased()
            rest = rest[range.upperBound...]
        }
        let hostEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) ?? rest.endIndex
        let host = scheme == nil ? nil : String(rest[..<hostEnd])
        if scheme != nil { rest = rest[hostEnd...] }
        let query = rest.firstIndex(of: "?").map { rest[rest.index(after: $0)...] } ?? ""
        var pathText = String(rest[..<(rest.firstIndex(of: "?") ?? rest.endIndex)])
        // A custom scheme's host is part of the path (realityportal://listing/123 → /listing/123).
        if let scheme, !["http", "https"].contains(scheme), let host, !host.isEmpty { pathText = "/" + host + pathText }
        if pathText.isEmpty || pathText == "/" { return nil }
        let segments = pathText.split(separator: "/").map(String.init)
        let pathParameters = segments.compactMap { $0.hasPrefix("{") && $0.hasSuffix("}") ? String($0.dropFirst().dropLast()) : nil }
        let queryParameters = query.split(separator: "&").compactMap { item -> String? in
            guard let value = item.split(separator: "=").dropFirst().first, value.hasPrefix("{"), value.hasSuffix("}") else { return nil }
            return String(value.dropFirst().dropLast())
        }
        return (scheme, host, "/" + segments.joined(separator: "/"), pathParameters, queryParameters)
    }

    static func template(title: String, destination: Destination, arguments: [String], buttons: [String]) -> String {
        var html = """
            <!doctype html>
            <html lang="en">
            <head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>\(html(title))</title></head>
            <body>
            <main>
              <h1>\(html(title))</h1>
              <p>A placeholder for the <code>\(html(destination.kind))</code> destination <code>\(html(destination.id))</code>, imported from an Android navigation graph.</p>

            """
        if !arguments.isEmpty {
            html += "  <dl>\n" + arguments.map { "    <dt>\(Self.html($0))</dt><dd>{{ params.\($0) }}</dd>" }.joined(separator: "\n") + "\n  </dl>\n"
        }
        if !buttons.isEmpty {
            html += "  <form method=\"post\">\n" + buttons.joined(separator: "\n") + "\n  </form>\n"
        }
        return html + "</main>\n</body>\n</html>\n"
    }

    /// A destination's label, or for a string resource (`@string/gallery_title`) its name, humanized.
    static func title(_ destination: Destination) -> String {
        destination.label.hasPrefix("@") ? humanized(reference(destination.label) ?? destination.id) : destination.label
    }

    /// `homeFragment` → `Home Fragment`, `my-app` → `My App`.
    static func humanized(_ id: String) -> String {
        var words: [String] = []
        var current = ""
        for character in id {
            if character == "-" || character == "_" {
                if !current.isEmpty { words.append(current) }
                current = ""
            } else if character.isUppercase, !current.isEmpty {
                words.append(current)
                current = String(character)
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { words.append(current) }
        return words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }

    /// Text for an XML attribute value.
    static func xml(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// Text written into a template as static HTML: escaped, and braces kept from reading as tags.
    static func html(_ text: String) -> String {
        xml(text).replacingOccurrences(of: "'", with: "&#39;").replacingOccurrences(of: "{", with: "&#123;")
            .replacingOccurrences(of: "}", with: "&#125;")
    }
}
