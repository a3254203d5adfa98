import CLibXML2
import FlowDefinition
@testable import FlowPages
import FlowPagesTestSupport
@testable import FlowWorkshop
import Foundation
import Navigation
import Testing

/// The flow map of each app of the repository: its nodes, edges and groups against the app's
/// own route table and actions, and the Mermaid, DOT and SVG it is written as.
@Suite struct FlowMapTests {
    static let views = LiveApp.repository.appendingPathComponent("Views").path
    static let apps = ["suma-finance", "reality-portal", "coin", "swiftuiflow-demo"]

    static func text(_ app: String, _ format: FlowMapExport.Format) throws -> String {
        try FlowMapExport.render(app: app, views: views, format: format).get()
    }

    @Test(arguments: apps)
    func everyRouteIsOneNodeInOneGroupAndEveryDeclaredWayAnEdge(app id: String) throws {
        let (app, map) = try Self.map(id)
        #expect(map.nodes.map(\.route) == app.navigation.routes.map(\.name))
        let grouped = map.root.all.flatMap(\.routes)
        #expect(grouped.count == app.navigation.routes.count && Set(grouped) == Set(app.navigation.routes.map(\.name)), "each route in one group")
        #expect(map.edges.filter { $0.kind == .link }.count == app.navigation.routes.filter(\.isDeepLinkable).count)
        let tabs = map.root.all.filter { $0.kind == .tabs }.reduce(0) { $0 + $1.children.filter { $0.kind == .stack }.count }
        #expect(map.edges.filter { if case .tab = $0.kind { true } else { false } }.count == tabs)
        // An action edge starts on a screen whose template posts the action, and ends where the action leads.
        for edge in map.edges {
            guard case .action(let action) = edge.kind, let from = edge.from else { continue }
            #expect(app.actions[action] != nil && app.navigation.route(from) != nil && app.navigation.route(edge.to) != nil, "\(edge)")
        }
        #expect(map.edges.count == Set(map.edges).count, "no edge twice")
    }

    @Test func sumaFinancesWaysAreTheOnesItsScreensOffer() throws {
        let (_, map) = try Self.map("suma-finance")
        let ways = Set(map.edges.compactMap { edge -> String? in
            guard case .action(let action) = edge.kind, let from = edge.from else { return nil }
            return "\(from) \(action) \(edge.to)"
        })
        for way in ["welcome show-secure secure", "welcome skip-onboarding login", "login create-account register", "login forgot-password forgot-password",
                    "register register-next personal-info", "register show-terms terms"] {
            #expect(ways.contains(way), "\(way)")
        }
        #expect(!ways.contains("home create-account register"), "Home offers no Create Account")
        #expect(map.node("home")?.requiresSignIn == true && map.node("login")?.requiresSignIn == false)
        #expect(map.root.kind == .flows && map.root.children.map(\.id.rawValue).prefix(3) == ["onboarding", "auth", "main"])
        #expect(map.root.all.first { $0.id == "terms-modal" }?.kind == .modal)
    }

    @Test func titlesOfDataSayWhatTheScreenShows() {
        #expect(Wording.readable("{project.name}") == "A project")
        #expect(Wording.readable("Photos of {listing.title}") == "Photos of a listing")
        #expect(Wording.readable("Inquiry about {listing.title} from {agent.name}") == "Inquiry about a listing from an agent")
        #expect(Wording.readable("Settings") == "Settings")
        #expect(Wording.readable("Half {open") == "Half {open")
    }

    @Test(arguments: apps)
    func theMermaidTextParses(app id: String) throws {
        let text = try Self.text(id, .mermaid)
        let problems = MermaidCheck.problems(text)
        #expect(problems.isEmpty, "\(problems)\n\(text)")
        let (app, _) = try Self.map(id)
        let titles = Dictionary(app.navigation.routes.map { ($0.title, 1) }, uniquingKeysWith: +)
        for route in app.navigation.routes {
            let title = Wording.readable(route.title).replacingOccurrences(of: "\"", with: "#quot;")
            // Two screens of one title are told apart by their routes.
            let label = titles[route.title, default: 0] > 1 ? "\(title) (\(route.name.rawValue))" : title
            #expect(text.contains("\"\(label)\""))
        }
    }

    @Test(arguments: apps)
    func theDOTTextIsBalancedAndNamesEveryEndpoint(app id: String) throws {
        let text = try Self.text(id, .dot)
        #expect(text.filter { $0 == "{" }.count == text.filter { $0 == "}" }.count)
        let declared = Set(text.split(separator: "\n").compactMap { line -> String? in
            let line = line.trimmingCharacters(in: .whitespaces)
            guard line.hasPrefix("\""), !line.contains("->"), let end = line.dropFirst().firstIndex(of: "\"") else { return nil }
            return String(line[line.index(after: line.startIndex)..<end])
        })
        for line in text.split(separator: "\n") where line.contains("->") {
            let names = line.split(separator: "\"").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
            #expect(declared.contains(names[0]) && declared.contains(names[1]), "\(line)")
        }
    }

    @Test(arguments: apps)
    func theSVGIsWellFormedWithANodeAndALinkPerScreen(app id: String) throws {
        let text = try Self.text(id, .svg)
        let (app, map) = try Self.map(id)
        let bytes = Array(text.utf8)
        let document = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { xmlReadMemory($0.baseAddress, Int32($0.count), "map.svg", "UTF-8", Int32(XML_PARSE_NONET.rawValue)) }
        }
        #expect(document != nil, "the SVG is well-formed XML")
        xmlFreeDoc(document)
        #expect(text.components(separatedBy: "<rect class=\"node").count - 1 == app.navigation.routes.count)
        #expect(text.components(separatedBy: "<a href=").count - 1 == map.nodes.filter { $0.url != nil }.count)
        #expect(text.contains("href=\"/\(id)/"), "screens link under the app's prefix")
    }

    @Test func aMapCanBeDrawnOfAFolderThatIsNotThere() {
        guard case .failure(let problems) = FlowMapExport.render(app: "nowhere", views: Self.views, format: .mermaid) else {
            Issue.record("a missing app folder drew a map")
            return
        }
        #expect(!problems.lines.isEmpty)
    }

    static func map(_ id: String) throws -> (AppDefinition, FlowMap) {
        let app = try AppFolderLoader.load(folder: (views as NSString).appendingPathComponent(id), vocabulary: .served(with: .prototype)).get()
        let library = try TemplateLibrary.load(views: views) { $0.hasPrefix(id + "/") || $0.hasPrefix("_") }
        return (app, FlowMap(app: app, templates: library.set, urls: AppURLs(prefix: "/" + id, navigation: app.navigation)))
    }
}

/// A check of the Mermaid flowchart syntax the map uses: the header, balanced `subgraph`/`end`,
/// node shapes with quoted labels, edges between nodes that are declared, and the class and
/// click lines — every line one of these.
enum MermaidCheck {
    static func problems(_ text: String) -> [String] {
        var lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        guard lines.first == "flowchart LR" else { return ["it does not start with 'flowchart LR'"] }
        lines.removeFirst()
        let identifier = "[A-Za-z_][A-Za-z0-9_]*"
        let label = "\"[^\"]*\""
        let node = try! Regex("^(\(identifier))(\\[\(label)\\]|\\[/\(label)/\\]|\\{\\{\(label)\\}\\}|\\(\\(\(label)\\)\\))$")
        let subgraph = try! Regex("^subgraph (\(identifier))\\[\(label)\\]$")
        let edge = try! Regex("^(\(identifier)) (-->|-\\.->)\\|\(label)\\| (\(identifier))$")
        let classDef = try! Regex("^classDef \(identifier) [a-z-]+: [0-9 ]+$")
        let classLine = try! Regex("^class (\(identifier)(,\(identifier))*) \(identifier)$")
        let click = try! Regex("^click (\(identifier)) \"[^\"]+\"$")
        var problems: [String] = []
        var depth = 0
        var declared: Set<String> = []
        var used: [String] = []
        for line in lines {
            if let match = line.wholeMatch(of: node) {
                declared.insert(String(match.output[1].substring!))
            } else if let match = line.wholeMatch(of: subgraph) {
                declared.insert(String(match.output[1].substring!))
                depth += 1
            } else if line == "end" {
                depth -= 1
                if depth < 0 { problems.append("'end' without a subgraph") }
            } else if let match = line.wholeMatch(of: edge) {
                used += [String(match.output[1].substring!), String(match.output[3].substring!)]
            } else if line.wholeMatch(of: classDef) != nil || line.wholeMatch(of: classLine) != nil {
                continue
            } else if let match = line.wholeMatch(of: click) {
                used.append(String(match.output[1].substring!))
            } else {
                problems.append("not Mermaid the map writes: \(line)")
            }
        }
        if depth != 0 { problems.append("\(depth) subgraphs are not ended") }
        problems += used.filter { !declared.contains($0) }.map { "'\($0)' is used but never declared" }
        return problems
    }
}
