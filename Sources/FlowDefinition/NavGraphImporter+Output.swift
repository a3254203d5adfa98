import Foundation

extension NavGraphImporter {
    /// A route as written to `app.xml`.
    struct Route {
        var id: String
        var path: String
        /// Further deep links' paths, which open the same screen.
        var aliases: [String] = []
        var title: String
        var owner: String
        var sharedWith: [String] = []
        var presentation: String?
        var isDeepLinkable = false
        /// The screen a link to it opens beneath it (`under`): a nested graph's start.
        var under: String?
        var parameters: [Argument]
        /// What a button leading here reads: the title without its placeholders.
        var buttonLabel: String
    }

    /// Builds the app folder's files from what was read.
    mutating func finish(file: String, line: Int) -> Result<Output, FolderProblems> {
        attachGraphArguments()
        guard let start = resolve(rootGraph) else {
            return .failure(FolderProblems([FolderProblem(file: file, line: line, message: "the graph's startDestination names no destination; set app:startDestination")]))
        }
        let tabs = tabs(file: file)
        let entry = entryTab(start: start, tabs: tabs, file: file, line: line)
        let roots = Set(tabs.isEmpty ? [start] : tabs.map(\.root))
        var links = LinkSet()
        var routes: [String: Route] = [:]
        for destination in destinations {
            routes[destination.id] = route(for: destination, isRoot: roots.contains(destination.id), tabs: tabs, links: &links)
        }
        var reached = roots
        if let entry, !roots.contains(start), openOnStart(&routes[start]!, entry: entry, tabs: tabs, file: file, line: line) { reached.insert(start) }
        for destination in destinations {
            routes[destination.id]!.under = linkParent(of: destination, routes: routes, roots: roots)
        }
        let unreached = unreachedActions(routes: routes, reached: reached, start: start, entry: entry, tabs: tabs)
        var writer = ActionWriter()
        var templates: [String: String] = [:]
        for destination in destinations {
            let controls = offeredActions(destination).compactMap {
                writer.add($0, from: destination, routes: routes, importer: &self)
            }
            let openers = (unreached[destination.id] ?? []).compactMap {
                writer.add($0, from: destination, routes: routes, importer: &self)
            }
            templates[destination.id + ".html"] = Self.template(destination, route: routes[destination.id]!, controls: controls, openers: openers)
        }
        var files = templates
        files["app.xml"] = appXML(routes: destinations.map { routes[$0.id]! }, start: start, entry: entry, tabs: tabs, links: links, writer: writer)
        return .success(Output(files: files, unmapped: unmapped))
    }

    /// What Android shows beneath a deep link's screen in a nested graph (its synthetic back
    /// stack): the start of the innermost graph around it that the screen does not start itself.
    /// Nothing when that is its stack's root, which lies beneath anyway, or for a dialog; a start
    /// needing an argument the screen does not have is noted, and the link opens over the root.
    private mutating func linkParent(of destination: Destination, routes: [String: Route], roots: Set<String>) -> String? {
        guard let route = routes[destination.id], route.isDeepLinkable, route.presentation == nil else { return nil }
        for graph in destination.graphs.dropFirst().reversed() {
            guard let start = resolve(graph, from: destination.graphs), start != destination.id else { continue }
            guard !roots.contains(start), let parent = routes[start], parent.presentation == nil, parent.owner == route.owner else { return nil }
            let missing = parent.parameters.filter { needed in
                needed.isRequired && needed.defaultValue == nil && !route.parameters.contains { $0.name == needed.name }
            }
            guard missing.isEmpty else {
                unmapped.append("\(destination.file):\(destination.line): Android opens a deep link to '\(destination.id)' over '\(start)', "
                                + "whose argument \(missing.map { "'\($0.name)'" }.joined(separator: ", ")) the link does not give; here it opens without '\(start)' beneath it")
                return nil
            }
            return start
        }
        return nil
    }

    /// Android code may navigate to any destination by its id, so a graph often has screens no
    /// action leads to. Each is offered on the root of the stack it belongs to (the start
    /// destination, or its tab's root; a start outside the tabs that cannot be the app's entry,
    /// on the tab the app opens on), so every screen can be walked; keyed by that root.
    private mutating func unreachedActions(
        routes: [String: Route], reached: Set<String>, start: String, entry: Tab?, tabs: [Tab]
    ) -> [String: [Action]] {
        var reached = reached
        for destination in destinations {
            for action in offeredActions(destination) {
                if let target = action.destination.flatMap({ resolve($0, from: destination.graphs) }) { reached.insert(target) }
            }
        }
        var offered: [String: [Action]] = [:]
        for destination in destinations where !reached.contains(destination.id) {
            let owner = destination.id == start ? entry : tabs.first { $0.id == routes[destination.id]!.owner }
            let host = owner?.root ?? tabs.first?.root ?? start
            unmapped.append("\(destination.file):\(destination.line): no action leads to '\(destination.id)' (app code may open it by id); a button on '\(host)' opens it")
            offered[host, default: []].append(Action(id: "open-" + destination.id, destination: destination.androidID, route: destination.id,
                                                      popUpTo: nil, inclusive: false, arguments: [:], file: destination.file, line: destination.line))
        }
        return offered
    }

    /// The route an Android id names from a screen in the graphs `context` (outermost first): a
    /// destination, or a graph standing for its start destination. An id several graphs use
    /// names the one of the innermost graph around it, as Android looks it up.
    func resolve(_ id: String, from context: [String] = []) -> String? {
        var (current, chain, seen) = (id, context, Set<String>())
        while true {
            let candidates = destinations.filter { $0.androidID == current }
            if !candidates.isEmpty {
                let closest = chain.reversed().lazy.compactMap { graph in candidates.first { $0.graphs.last == graph } }.first
                return (closest ?? candidates[0]).id
            }
            guard let start = graphStarts[current], seen.insert(current).inserted else { return nil }
            chain.append(current)
            current = start
        }
    }

    /// Arguments and deep links declared on a graph belong to its start destination.
    private mutating func attachGraphArguments() {
        for (graph, arguments) in pendingGraphArguments.sorted(by: { $0.key < $1.key }) {
            guard let start = resolve(graph), let index = destinations.firstIndex(where: { $0.id == start }) else { continue }
            for (element, file) in arguments where !destinations[index].arguments.contains(where: { $0.name == element["name"] }) {
                destinations[index].arguments.append(argumentOfGraph(element, file: file, graph: graph))
            }
        }
        for (graph, links) in pendingGraphLinks.sorted(by: { $0.key < $1.key }) {
            guard let start = resolve(graph), let index = destinations.firstIndex(where: { $0.id == start }) else { continue }
            destinations[index].deepLinks += links
        }
    }

    private func argumentOfGraph(_ element: XMLElement, file: String, graph: String) -> Argument {
        let raw = element["defaultValue"]
        let declared = element["argType"] ?? Self.inferredType(raw)
        let (type, note) = Self.parameterType(declared)
        let value = raw.flatMap { $0 == "@null" || $0.hasPrefix("@") ? nil : Self.value($0, type: declared) }
        return Argument(name: element["name"] ?? "arg", type: type, defaultValue: value, isRequired: raw == nil && element["nullable"] != "true", note: note)
    }

    // MARK: Tabs

    struct Tab {
        var id: String
        var root: String
        var title: String
        /// The graph whose destinations it owns, when it is a graph's.
        var graph: String?
    }

    /// The tab the app opens on: the one whose root the graph starts at. A graph starting
    /// elsewhere (a welcome or sign-in screen before the bottom navigation) opens on its start
    /// over the first tab that start's actions lead to, or else over the first tab; the choice
    /// is noted, as the graph does not state it. Nil for an app of one stack.
    private mutating func entryTab(start: String, tabs: [Tab], file: String, line: Int) -> Tab? {
        guard !tabs.isEmpty else { return nil }
        if let tab = tabs.first(where: { $0.root == start }) { return tab }
        var led: (Tab, Action)?
        if let screen = destinations.first(where: { $0.id == start }) {
            for action in screen.actions where led == nil {
                guard let target = action.destination.flatMap({ resolve($0, from: screen.graphs) }) else { continue }
                led = tabs.first { $0.root == target }.map { ($0, action) }
            }
        }
        let tabNames = tabs.map { "'\($0.title)'" }.joined(separator: ", ")
        if let (tab, action) = led {
            unmapped.append("\(file):\(line): the graph starts at '\(start)', which is none of the tabs (\(tabNames)); '\(start)' is a screen of '\(tab.title)', where its action '\(action.id)' leads")
            return tab
        }
        unmapped.append("\(file):\(line): the graph starts at '\(start)', which is none of the tabs (\(tabNames)) and leads to none of them; '\(start)' is a screen of the first, '\(tabs[0].title)'")
        return tabs[0]
    }

    /// A start outside the tabs made the app's entry, as Android opens on it with the bottom
    /// navigation shown: its route is at `/` (its own address kept as an alias), pushed on the
    /// `entry` tab over that tab's root — the one screen a browser can show beneath it, where
    /// Android has nothing and Back leaves the app. Not for a start a dialog or sheet presents,
    /// which no address shows by itself, nor one needing an argument: the app would open on
    /// the entry tab, the start a button there. Says which, and whether it was made.
    private mutating func openOnStart(_ route: inout Route, entry: Tab, tabs: [Tab], file: String, line: Int) -> Bool {
        guard route.presentation == nil, !route.parameters.contains(where: \.isRequired) else {
            unmapped.append("\(file):\(line): '\(route.id)' \(route.presentation == nil ? "needs an argument" : "is shown over another screen"), so the app cannot open on it; it opens on '\(entry.title)', and '\(route.id)' is a button there")
            return false
        }
        route.aliases.insert(route.path, at: 0)
        route.path = "/"
        route.owner = entry.id
        route.sharedWith = tabs.filter { $0.id != entry.id }.map(\.id)
        unmapped.append("\(file):\(line): the app opens on '\(route.id)' with the tab bar, over '\(entry.title)''s root, which Back there leads to (on Android, Back at the start leaves the app)")
        return true
    }

    /// The bottom navigation's tabs: the menu's items, or the root graph's top-level graphs when
    /// it holds nothing else. None for an app of one stack.
    private mutating func tabs(file: String) -> [Tab] {
        var tabs: [Tab] = []
        if !menu.isEmpty {
            for item in menu {
                guard let root = resolve(item.id) else {
                    unmapped.append("\(menuFile):\(item.line): menu item '\(item.id)' names no destination or graph of the graphs given; it is not a tab")
                    continue
                }
                let title = resolved(item.title, file: menuFile, line: item.line, what: "title")
                tabs.append(Tab(id: Self.tabID(item.id), root: root, title: title, graph: graphStarts[item.id] != nil ? item.id : nil))
            }
            if !tabs.isEmpty {
                unmapped.append("\(menuFile):1: the menu's icons are drawables; the tabs show their titles only")
            }
        } else if topLevelGraphs.count >= 2, !destinations.contains(where: { $0.graphs == [rootGraph] }) {
            for graph in topLevelGraphs {
                guard let root = resolve(graph) else { continue }
                tabs.append(Tab(id: Self.tabID(graph), root: root, title: graphLabels[graph] ?? Self.tabTitle(graph), graph: graph))
            }
            unmapped.append("\(file):1: the root graph holds only graphs, so each is a tab (a bottom navigation); pass its menu with --menu for the app's own titles")
        }
        var seen: Set<String> = []
        return tabs.filter { seen.insert($0.root).inserted && tabs.count >= 2 }
    }

    /// A coordinator id from an Android id: `home_graph` → `home-graph`.
    static func tabID(_ id: String) -> String {
        "tab-" + id.lowercased().map { $0.isLetter || $0.isNumber ? String($0) : "-" }.joined()
    }

    /// `home_graph` → `Home`: a graph's id without the words that say it is one.
    static func tabTitle(_ graph: String) -> String {
        let words = humanized(graph).split(separator: " ").filter { !["graph", "nav", "navigation"].contains($0.lowercased()) }
        return words.isEmpty ? humanized(graph) : words.joined(separator: " ")
    }

    // MARK: Routes

    /// The schemes and hosts of the app's deep links, and the paths routes have taken.
    struct LinkSet {
        var schemes: [String] = []
        var hosts: [String] = []
        /// Path shapes taken (`/plants/{}`), by the route that took each.
        var shapes: [String: String] = [:]

        static func shape(_ path: String) -> String {
            path.split(separator: "/").map { $0.hasPrefix("{") ? "{}" : String($0) }.joined(separator: "/")
        }
    }

    private mutating func route(for destination: Destination, isRoot: Bool, tabs: [Tab], links: inout LinkSet) -> Route {
        let at = "\(destination.file):\(destination.line)"
        var arguments = destination.arguments
        var path = "/" + destination.id
        var pathParameters: [String] = []
        var isDeepLinkable = false
        var addressFromLink = false
        var aliases: [String] = []
        for link in destination.deepLinks where !link.uri.isEmpty {
            let where_ = "\(link.file):\(link.line)"
            guard let parts = Self.parseDeepLink(link.uri) else {
                unmapped.append("\(where_): deep link \(link.uri) of '\(destination.id)' has placeholders inside path segments or no path; FlowPages paths hold whole-segment {placeholders}, so it does not open the screen")
                continue
            }
            if let scheme = parts.scheme, !links.schemes.contains(scheme) { links.schemes.append(scheme) }
            if let host = parts.host, !links.hosts.contains(host) { links.hosts.append(host) }
            if let fixed = parts.fixedQuery {
                unmapped.append("\(where_): deep link \(link.uri) of '\(destination.id)' requires the query '\(fixed)'; any query opens it")
            }
            // `…/{id}/` and `…/{id}` are one address: a link with the trailing slash opens it too.
            if isDeepLinkable, parts.path == path || aliases.contains(parts.path) { continue }
            if let other = links.shapes[LinkSet.shape(parts.path)] {
                unmapped.append("\(where_): deep link \(link.uri) of '\(destination.id)' has the address of '\(other)''s; it does not open the screen")
                continue
            }
            if parts.path == "/" {
                unmapped.append("\(where_): deep link \(link.uri) of '\(destination.id)' is the site's root; the screen's address is \(path)")
                continue
            }
            for name in parts.pathParameters + parts.queryParameters.map(\.argument) where !arguments.contains(where: { $0.name == name }) {
                arguments.append(Argument(name: name, type: "string", defaultValue: nil, isRequired: !addressFromLink && !isRoot && parts.pathParameters.contains(name), note: nil))
                unmapped.append("\(where_): deep link placeholder '{\(name)}' of '\(destination.id)' has no <argument>; it is a text parameter")
            }
            for (key, name) in parts.queryParameters where key != name {
                guard let index = arguments.firstIndex(where: { $0.name == name }) else { continue }
                if arguments.contains(where: { $0.name == key || $0.queryName == key }) {
                    unmapped.append("\(where_): deep link \(link.uri) of '\(destination.id)' reads '\(name)' from the query item '\(key)', which another argument is called; the screen's address reads it as '\(name)'")
                } else {
                    arguments[index].queryName = key
                }
            }
            links.shapes[LinkSet.shape(parts.path)] = destination.id
            // The first link is the screen's address; each further one an alias of it. A stack's
            // root opens without arguments, so a link filling them is an alias of its own address
            // whose placeholders open the root with them.
            let fillsRoot = isRoot && !parts.pathParameters.isEmpty
            if addressFromLink || fillsRoot {
                aliases.append(parts.path)
                isDeepLinkable = true
                continue
            }
            path = parts.path
            pathParameters = parts.pathParameters
            isDeepLinkable = true
            addressFromLink = true
        }
        if !addressFromLink {
            if links.shapes[LinkSet.shape(path)] != nil { path = "/" + destination.id + "-screen" }
            links.shapes[LinkSet.shape(path)] = destination.id
        }
        for index in arguments.indices where pathParameters.contains(arguments[index].name) && !arguments[index].isRequired {
            arguments[index].isRequired = true
            arguments[index].impliedValue = arguments[index].defaultValue
            arguments[index].defaultValue = nil
            let passed = arguments[index].impliedValue.map { "; an action that leaves it out passes its default '\($0)'" } ?? ""
            unmapped.append("\(at): argument '\(arguments[index].name)' of '\(destination.id)' is part of its deep link's path, so the screen's address always holds it\(passed)")
        }
        if isRoot, arguments.contains(where: \.isRequired) {
            for index in arguments.indices where arguments[index].isRequired { arguments[index].isRequired = false }
            unmapped.append("\(at): '\(destination.id)' is the root of a stack, which opens without arguments; its required arguments are optional")
        }
        var title = titleWithPlaceholders(destination, arguments: arguments)
        var buttonLabel = Self.withoutPlaceholders(title)
        if buttonLabel.isEmpty {
            // A label of arguments alone ("{title}") would not say which screen this is.
            buttonLabel = Self.humanized(destination.id)
            title = buttonLabel + ": " + title
            unmapped.append("\(at): the label of '\(destination.id)' is its arguments alone; the title reads '\(title)', so it says which screen it is")
        }
        var route = Route(id: destination.id, path: path, aliases: aliases, title: title, owner: "main", isDeepLinkable: isDeepLinkable,
                          parameters: arguments, buttonLabel: buttonLabel)
        if isRoot, ["dialog", "sheet", "bottomSheet"].contains(destination.kind) {
            unmapped.append("\(at): <\(destination.kind)> '\(destination.id)' starts its stack, so nothing lies under it; it is a screen of its own")
        }
        switch destination.kind {
        case "dialog" where !isRoot:
            route.owner = destination.id + "-dialog"
            route.presentation = "alert"
        case "sheet" where !isRoot, "bottomSheet" where !isRoot:
            route.owner = destination.id + "-sheet"
            route.presentation = "sheet"
        default:
            if !tabs.isEmpty {
                if let tab = tabs.first(where: { $0.root == destination.id }) ?? tabs.first(where: { $0.graph.map(destination.graphs.contains) ?? false }) {
                    route.owner = tab.id
                } else {
                    // A screen of the root graph outside every tab: pushed on whichever tab opens it.
                    route.owner = tabs[0].id
                    route.sharedWith = tabs.dropFirst().map(\.id)
                }
            }
        }
        return route
    }

    /// The label with `{argument}` placeholders kept for the page to fill; other braces read as text.
    private mutating func titleWithPlaceholders(_ destination: Destination, arguments: [Argument]) -> String {
        var title = ""
        var rest = Substring(destination.label)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            title += rest[..<open]
            let name = String(rest[rest.index(after: open)..<close])
            if arguments.contains(where: { $0.name == name }) {
                title += "{" + name + "}"
            } else {
                title += name
                unmapped.append("\(destination.file):\(destination.line): the label of '\(destination.id)' reads {\(name)}, which is none of its arguments; it reads as '\(name)'")
            }
            rest = rest[rest.index(after: close)...]
        }
        title += rest.replacingOccurrences(of: "{", with: "").replacingOccurrences(of: "}", with: "")
        return title.trimmingCharacters(in: .whitespaces).isEmpty ? Self.humanized(destination.id) : title
    }

    /// A title with its `{placeholders}` left out, spaces tidied: "Plant {plantId}" → "Plant".
    static func withoutPlaceholders(_ title: String) -> String {
        var text = ""
        var rest = Substring(title)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            text += rest[..<open]
            rest = rest[rest.index(after: close)...]
        }
        text += rest
        var tidy = text.split(separator: " ").joined(separator: " ")
        for mark in ["?", "!", ".", ",", ":"] { tidy = tidy.replacingOccurrences(of: " " + mark, with: mark) }
        return tidy.trimmingCharacters(in: CharacterSet(charactersIn: " :-–,"))
    }

    /// The destination's own actions, then its graphs' global ones, innermost first; an id
    /// already offered is not offered again (Android looks the destination's own up first).
    private func offeredActions(_ destination: Destination) -> [Action] {
        var seen: Set<String> = []
        return (destination.actions + destination.graphs.reversed().flatMap { globalActions[$0] ?? [] }).filter { seen.insert($0.id).inserted }
    }

    /// The parts of a deep link URI: `https://example.com/users/{id}?tab={tab}`, scheme-less
    /// `www.example.com/users/{id}` (http and https), a custom scheme whose host is the first
    /// segment (`myapp://Users/{id}` → `/users/{id}`, the host lowercased as URLs compare it),
    /// or `android-app://package/path`. Nil when a placeholder fills part of a segment.
    static func parseDeepLink(_ uri: String) -> (
        scheme: String?, host: String?, path: String, pathParameters: [String], queryParameters: [(key: String, argument: String)], fixedQuery: String?
    )? {
        var rest = Substring(uri.trimmingCharacters(in: .whitespaces))
        var scheme: String?
        if let range = rest.range(of: "://") {
            scheme = String(rest[..<range.lowerBound]).lowercased()
            rest = rest[range.upperBound...]
        }
        let hostEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) ?? rest.endIndex
        let host = String(rest[..<hostEnd]).lowercased()
        rest = rest[hostEnd...]
        let queryStart = rest.firstIndex(of: "?")
        let query = queryStart.map { rest[rest.index(after: $0)...] } ?? ""
        var pathText = String(rest[..<(queryStart ?? rest.endIndex)])
        let isWeb = scheme == nil || scheme == "http" || scheme == "https"
        if !isWeb, !host.isEmpty { pathText = "/" + host + pathText }
        if isWeb, host.contains("{") { return nil }
        // Empty segments (a trailing slash) are dropped: a screen's address has none.
        let segments = pathText.split(separator: "/").map(String.init)
        var pathParameters: [String] = []
        for segment in segments where segment.contains("{") || segment.contains("}") {
            guard segment.hasPrefix("{"), segment.hasSuffix("}"), segment.dropFirst().dropLast().allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
            pathParameters.append(String(segment.dropFirst().dropLast()))
        }
        var queryParameters: [(key: String, argument: String)] = []
        var fixed: [Substring] = []
        for item in query.split(separator: "&") {
            let parts = item.split(separator: "=", maxSplits: 1)
            let value = parts.dropFirst().first ?? ""
            if value.hasPrefix("{"), value.hasSuffix("}") {
                queryParameters.append((String(parts[0]), String(value.dropFirst().dropLast())))
            } else {
                fixed.append(item)
            }
        }
        let path = "/" + segments.joined(separator: "/")
        return (isWeb ? nil : scheme, isWeb && !host.isEmpty ? host : nil, path, pathParameters, queryParameters,
                fixed.isEmpty ? nil : fixed.joined(separator: "&"))
    }

    // MARK: The folder's files

    private func appXML(routes: [Route], start: String, entry: Tab?, tabs: [Tab], links: LinkSet, writer: ActionWriter) -> String {
        let modals = routes.filter { $0.presentation != nil }.map { "      <modal id=\"\(Self.xml($0.owner))\" root=\"\(Self.xml($0.id))\"/>" }
        var navigation: String
        if tabs.isEmpty {
            navigation = "    <stack id=\"main\" root=\"\(Self.xml(start))\""
            navigation += modals.isEmpty ? "/>" : ">\n" + modals.joined(separator: "\n") + "\n    </stack>"
        } else {
            navigation = "    <tabs id=\"tabs\" initial=\"\(Self.xml((entry ?? tabs[0]).id))\">\n"
            navigation += tabs.map { "      <tab id=\"\(Self.xml($0.id))\" root=\"\(Self.xml($0.root))\" title=\"\(Self.xml($0.title))\"/>" }.joined(separator: "\n")
            navigation += (modals.isEmpty ? "" : "\n" + modals.joined(separator: "\n")) + "\n    </tabs>"
        }
        let routeLines = routes.map { route in
            var line = "    <route name=\"\(Self.xml(route.id))\" path=\"\(Self.xml(route.path))\" title=\"\(Self.xml(route.title))\" owner=\"\(Self.xml(route.owner))\""
            if !route.sharedWith.isEmpty { line += " shared-with=\"\(Self.xml(route.sharedWith.joined(separator: " ")))\"" }
            if let presentation = route.presentation { line += " presentation=\"\(presentation)\"" }
            if route.isDeepLinkable { line += " deep-link=\"true\"" }
            if let under = route.under { line += " under=\"\(Self.xml(under))\"" }
            guard !route.parameters.isEmpty || !route.aliases.isEmpty else { return line + "/>" }
            let aliases = route.aliases.map { "      <alias path=\"\(Self.xml($0))\"/>" }
            return line + ">\n" + (route.parameters.map { argument in
                var param = "      <param name=\"\(Self.xml(argument.name))\" type=\"\(argument.type == "float" ? "string" : argument.type)\""
                if argument.type == "float" { param += " pattern=\"\(Self.xml(Self.floatPattern))\"" }
                if !argument.isRequired { param += " required=\"false\"" }
                if let value = argument.defaultValue { param += " default=\"\(Self.xml(value))\"" }
                if let key = argument.queryName { param += " query=\"\(Self.xml(key))\"" }
                return param + "/>"
            } + aliases).joined(separator: "\n") + "\n    </route>"
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- Imported from an Android navigation graph by flowpages import-navgraph. -->
            <app id="\(Self.xml(appID))" title="\(Self.xml(Self.humanized(appID)))">
            \(links.schemes.map { "  <link-scheme name=\"\(Self.xml($0))\"/>\n" }.joined())\(links.hosts.map { "  <link-host name=\"\(Self.xml($0))\"/>\n" }.joined())  <navigation>
            \(navigation)
              </navigation>
              <routes>
            \(routeLines.joined(separator: "\n"))
              </routes>
            \(writer.forms.isEmpty ? "" : "  <forms>\n" + writer.forms.joined(separator: "\n") + "\n  </forms>\n")\(writer.actions.isEmpty ? "" : "  <actions>\n" + writer.actions.joined(separator: "\n") + "\n  </actions>\n")</app>

            """
    }

    /// A decimal number, as Android's float arguments hold.
    static let floatPattern = "-?[0-9]+(\\.[0-9]+)?"

    /// A destination's placeholder screen: what it is, its arguments, a button for each action,
    /// and (`openers`) buttons for the screens no action leads to.
    static func template(_ destination: Destination, route: Route, controls: [String], openers: [String]) -> String {
        let kind = switch destination.kind {
        case "dialog": "dialog"
        case "activity": "activity"
        default: "screen"
        }
        var html = "{{extends \"_layout/app\"}}\n{{#block \"content\"}}<p>A placeholder for the \(kind) <code>\(Self.html(destination.id))</code>"
        if let className = destination.className { html += " (<code>\(Self.html(className))</code>)" }
        html += ", imported from an Android navigation graph.</p>\n"
        if !route.parameters.isEmpty {
            html += "<dl class=\"arguments\">\n" + route.parameters.map { "<dt>\(Self.html($0.name))</dt><dd>{{ params.\($0.name) }}</dd>" }.joined(separator: "\n") + "\n</dl>\n"
        }
        html += controls.joined(separator: "\n")
        if !openers.isEmpty {
            html += (controls.isEmpty ? "" : "\n") + "<section class=\"unreached\" aria-labelledby=\"unreached\">\n"
                + "<h2 id=\"unreached\">Opened by the app's code</h2>\n"
                + "<p>No action of the graph leads to these screens; the app opens them from its code.</p>\n"
                + openers.joined(separator: "\n") + "\n</section>"
        }
        return html + "{{/block}}\n"
    }

    /// `homeFragment` → `Home Fragment`, `my-app` → `My App`.
    static func humanized(_ id: String) -> String {
        var words: [String] = []
        var current = ""
        for character in id {
            if character == "-" || character == "_" || character == "." {
                if !current.isEmpty { words.append(current) }
                current = ""
            } else if character.isUppercase, let last = current.last, !last.isUppercase {
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
