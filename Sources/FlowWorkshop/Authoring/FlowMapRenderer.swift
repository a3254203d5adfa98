import FlowDefinition
import FlowPages
import Foundation
import Navigation

/// Draws a ``FlowMap``: as Mermaid and Graphviz DOT text, and as SVG laid out here, in swim
/// lanes — one column per stack or modal, under the bands of the flows and tab bars that hold
/// them, each lane's screens in the order its actions reach them from its root — so the picture
/// is the coordinator tree, needs no layout program, and comes out the same every time.
struct FlowMapRenderer {
    let map: FlowMap
    /// The id of the drawing's arrowhead: each drawing on one page needs its own.
    var arrow = "arrow"

    // MARK: Mermaid and DOT

    /// A Mermaid flowchart: a subgraph per coordinator, a node per route, an edge per way.
    var mermaid: String {
        var lines = ["flowchart LR"]
        func emit(_ group: FlowMap.Group, indent: String) {
            lines.append("\(indent)subgraph \(id(group))[\"\(mermaidText(title(of: group)))\"]")
            if group.kind == .tabs { lines.append("\(indent)  \(tabBar(group)){{\"Tab bar\"}}") }
            for route in group.routes {
                guard let node = map.node(route) else { continue }
                let shape = node.requiresSignIn ? ("[/\"", "\"/]") : ("[\"", "\"]")
                lines.append("\(indent)  \(id(route))\(shape.0)\(mermaidText(node.name))\(shape.1)")
            }
            for child in group.children { emit(child, indent: indent + "  ") }
            lines.append("\(indent)end")
        }
        emit(map.root, indent: "  ")
        if map.edges.contains(where: { $0.kind == .link }) { lines.append("  links((\"Deep links\"))") }
        for edge in map.edges {
            let from = source(of: edge)
            let label = edge.count > 0 ? "\(edge.label) · \(edge.count)" : edge.label
            let arrow = edge.kind == .link ? "-.->" : "-->"
            lines.append("  \(from) \(arrow)|\"\(mermaidText(label))\"| \(id(edge.to))")
        }
        let guarded = map.nodes.filter(\.requiresSignIn).map { id($0.route) }
        if !guarded.isEmpty {
            lines.append("  classDef guarded stroke-dasharray: 5 3")
            lines.append("  class \(guarded.joined(separator: ",")) guarded")
        }
        for node in map.nodes {
            if let url = node.url { lines.append("  click \(id(node.route)) \"\(mermaidText(url))\"") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A Graphviz digraph: a cluster per coordinator; `dot -Tsvg` draws it.
    var dot: String {
        var lines = ["digraph \"\(dotText(map.app.id))\" {", "  rankdir=LR;", "  node [shape=box, style=rounded, fontname=\"sans-serif\"];"]
        func emit(_ group: FlowMap.Group, indent: String) {
            lines.append("\(indent)subgraph \"cluster_\(dotText(group.id.rawValue))\" {")
            lines.append("\(indent)  label=\"\(dotText(title(of: group)))\";")
            if group.kind == .tabs { lines.append("\(indent)  \"\(tabBar(group))\" [label=\"Tab bar\", shape=hexagon];") }
            for route in group.routes {
                guard let node = map.node(route) else { continue }
                var attributes = ["label=\"\(dotText(node.name))\""]
                if node.requiresSignIn { attributes.append("style=\"rounded,dashed\"") }
                if let url = node.url { attributes.append("URL=\"\(dotText(url))\"") }
                lines.append("\(indent)  \"\(id(route))\" [\(attributes.joined(separator: ", "))];")
            }
            for child in group.children { emit(child, indent: indent + "  ") }
            lines.append("\(indent)}")
        }
        emit(map.root, indent: "  ")
        if map.edges.contains(where: { $0.kind == .link }) { lines.append("  \"links\" [label=\"Deep links\", shape=circle];") }
        for edge in map.edges {
            var attributes = ["label=\"\(dotText(edge.count > 0 ? "\(edge.label) · \(edge.count)" : edge.label))\""]
            if edge.kind == .link { attributes.append("style=dashed") }
            if edge.count > 0 { attributes.append("penwidth=\(String(format: "%.1f", 1 + 5 * edge.share))") }
            lines.append("  \"\(source(of: edge))\" -> \"\(id(edge.to))\" [\(attributes.joined(separator: ", "))];")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    private func source(of edge: FlowMap.Edge) -> String {
        switch edge.kind {
        case .link: "links"
        case .tab(let tabs): "tabbar_" + safe(tabs.rawValue)
        case .action: edge.from.map(id) ?? "links"
        }
    }

    private func id(_ route: RouteName) -> String { "r_" + safe(route.rawValue) }
    private func id(_ group: FlowMap.Group) -> String { "g_" + safe(group.id.rawValue) }
    private func tabBar(_ group: FlowMap.Group) -> String { "tabbar_" + safe(group.id.rawValue) }

    /// An identifier both languages take: letters, digits and `_`; anything else as `_xx` (its
    /// code in hex), so two names never meet.
    private func safe(_ name: String) -> String {
        name.unicodeScalars.map { scalar in
            scalar.properties.isAlphabetic && scalar.isASCII || ("0"..."9").contains(scalar) ? String(scalar) : "_" + String(scalar.value, radix: 16)
        }.joined()
    }

    private func title(of group: FlowMap.Group) -> String {
        switch group.kind {
        case .flows: "\(group.title) (flows)"
        case .tabs: "\(group.title) (tabs)"
        case .stack: group.title
        case .modal: "\(group.title) (modal)"
        }
    }

    private func mermaidText(_ text: String) -> String {
        text.replacingOccurrences(of: "\"", with: "#quot;").replacingOccurrences(of: "\n", with: " ")
    }

    private func dotText(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(of: "\n", with: " ")
    }

    // MARK: SVG

    static let laneWidth = 176.0, laneGap = 36.0, nodeHeight = 46.0, rowGap = 30.0, bandHeader = 30.0, laneHeader = 28.0, margin = 24.0

    /// Where each thing is drawn.
    private struct Layout {
        var lanes: [(group: FlowMap.Group, x: Double)] = []
        var bands: [(group: FlowMap.Group, x: Double, width: Double, y: Double)] = []
        var nodes: [RouteName: (x: Double, y: Double)] = [:]
        var tabBars: [CoordinatorID: (x: Double, y: Double, width: Double)] = [:]
        var width = 0.0
        var height = 0.0
        var laneTop = 0.0
    }

    private var layout: Layout {
        var layout = Layout()
        let leaves = map.root.all.filter { !$0.routes.isEmpty }
        func depth(_ group: FlowMap.Group, in tree: FlowMap.Group, at level: Int = 0) -> Int? {
            if tree.id == group.id { return level }
            return tree.children.lazy.compactMap { depth(group, in: $0, at: level + 1) }.first
        }
        let bandGroups = map.root.all.filter { $0.routes.isEmpty && !$0.children.isEmpty }
        let bandDepth = bandGroups.compactMap { depth($0, in: map.root) }.max().map { $0 + 1 } ?? 0
        let hasTabBars = bandGroups.contains { $0.kind == .tabs }
        layout.laneTop = Self.margin + Double(bandDepth) * Self.bandHeader + (hasTabBars ? 34 : 0)
        for (index, lane) in leaves.enumerated() {
            layout.lanes.append((lane, Self.margin + 24 + Double(index) * (Self.laneWidth + Self.laneGap)))
        }
        var lowest = layout.laneTop
        for (lane, x) in layout.lanes {
            for (row, route) in order(of: lane).enumerated() {
                let y = layout.laneTop + Self.laneHeader + 8 + Double(row) * (Self.nodeHeight + Self.rowGap)
                layout.nodes[route] = (x + 8, y)
                lowest = max(lowest, y + Self.nodeHeight)
            }
        }
        for band in bandGroups {
            let lanes = layout.lanes.filter { lane in band.all.contains { $0.id == lane.group.id } }
            guard let first = lanes.first, let last = lanes.last, let level = depth(band, in: map.root) else { continue }
            let x = first.x - 12 + Double(level) * 4, right = last.x + Self.laneWidth + 12 - Double(level) * 4
            layout.bands.append((band, x, right - x, Self.margin + Double(level) * Self.bandHeader))
            if band.kind == .tabs { layout.tabBars[band.id] = (x + 12, layout.laneTop - 30, right - x - 24) }
        }
        layout.width = (layout.lanes.last.map { $0.x + Self.laneWidth } ?? 200) + Self.margin + 40
        layout.height = lowest + Self.margin + 16
        return layout
    }

    /// A lane's routes: its root, then the screens its own actions reach, breadth first, then the rest.
    private func order(of lane: FlowMap.Group) -> [RouteName] {
        var ordered: [RouteName] = []
        var queue = Array(lane.routes.prefix(1))
        let members = Set(lane.routes)
        while !queue.isEmpty {
            let route = queue.removeFirst()
            guard !ordered.contains(route) else { continue }
            ordered.append(route)
            queue += map.edges.filter { $0.from == route && members.contains($0.to) }.map(\.to)
        }
        return ordered + lane.routes.filter { !ordered.contains($0) }
    }

    /// The map drawn as SVG, for a page that also carries its text alternative: the drawing is
    /// hidden from assistive technology, and its links, which the text repeats, take no focus.
    var svg: String {
        let layout = layout
        let (width, height) = (layout.width, layout.height)
        var parts: [String] = []
        parts.append("<svg class=\"flow-map\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(n(width)) \(n(height))\" width=\"\(n(width))\" height=\"\(n(height))\" aria-hidden=\"true\" focusable=\"false\">")
        parts.append("<defs><marker id=\"\(arrow)\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerUnits=\"userSpaceOnUse\" markerWidth=\"9\" markerHeight=\"9\" orient=\"auto-start-reverse\"><path class=\"arrowhead\" d=\"M 0 0 L 10 5 L 0 10 z\"/></marker></defs>")
        for band in layout.bands {
            parts.append("<rect class=\"band band-\(band.group.kind.rawValue)\" x=\"\(n(band.x))\" y=\"\(n(band.y))\" width=\"\(n(band.width))\" height=\"\(n(height - band.y - Self.margin / 2))\" rx=\"12\"/>")
            parts.append("<text class=\"band-title\" x=\"\(n(band.x + 10))\" y=\"\(n(band.y + 19))\">\(xml(title(of: band.group)))</text>")
        }
        for (lane, x) in layout.lanes {
            parts.append("<rect class=\"lane lane-\(lane.kind.rawValue)\" x=\"\(n(x))\" y=\"\(n(layout.laneTop))\" width=\"\(n(Self.laneWidth))\" height=\"\(n(height - layout.laneTop - Self.margin))\" rx=\"10\"/>")
            parts.append("<text class=\"lane-title\" x=\"\(n(x + 10))\" y=\"\(n(layout.laneTop + 19))\">\(xml(clipped(title(of: lane), 24)))</text>")
        }
        for (tabs, bar) in layout.tabBars {
            parts.append("<rect class=\"tab-bar-node\" x=\"\(n(bar.x))\" y=\"\(n(bar.y))\" width=\"\(n(bar.width))\" height=\"22\" rx=\"11\"/>")
            parts.append("<text class=\"tab-bar-title\" x=\"\(n(bar.x + bar.width / 2))\" y=\"\(n(bar.y + 15))\" text-anchor=\"middle\">Tab bar</text>")
            for edge in map.edges where edge.kind == .tab(tabs) {
                guard let target = layout.nodes[edge.to] else { continue }
                let x = target.x + Self.laneWidth / 2 - 8
                parts.append("<path class=\"edge edge-tab\" d=\"M \(n(x)) \(n(bar.y + 22)) L \(n(x)) \(n(target.y))\" marker-end=\"url(#\(arrow))\"/>")
            }
        }
        for edge in map.edges where edge.from != nil {
            guard let from = edge.from, let start = layout.nodes[from], let end = layout.nodes[edge.to], from != edge.to else { continue }
            // Counts are in the list and the line's tooltip: written on the drawing they would pile up.
            let width = edge.count > 0 ? 1.5 + 6 * edge.share : 1.2
            let kind = edge.count > 0 ? "edge edge-busy" : "edge"
            let tip = "\(map.node(from)?.name ?? from.rawValue) → \(map.node(edge.to)?.name ?? edge.to.rawValue) by \(edge.label)"
                + (edge.count > 0 ? ": \(Wording.counted(edge.count, "move")), \(Int((edge.share * 100).rounded())) %" : "")
            parts.append("<path class=\"\(kind)\" d=\"\(curve(from: start, to: end))\" stroke-width=\"\(String(format: "%.1f", width))\" marker-end=\"url(#\(arrow))\"><title>\(xml(tip))</title></path>")
        }
        for node in map.nodes {
            guard let at = layout.nodes[node.route] else { continue }
            let w = Self.laneWidth - 16
            var shape = "<rect class=\"node\(node.requiresSignIn ? " node-guarded" : "")\" x=\"\(n(at.x))\" y=\"\(n(at.y))\" width=\"\(n(w))\" height=\"\(n(Self.nodeHeight))\" rx=\"8\"/>"
            shape += "<text class=\"node-title\" x=\"\(n(at.x + 10))\" y=\"\(n(at.y + 19))\">\(xml(clipped(node.title, 19)))<title>\(xml(node.name))</title></text>"
            var note: [String] = []
            if node.sharesTitle { note.append(node.route.rawValue) }
            if node.requiresSignIn { note.append("sign-in") }
            if map.hasTraffic { note.append(Wording.counted(node.views, "view")) }
            if !note.isEmpty { shape += "<text class=\"node-note\" x=\"\(n(at.x + 10))\" y=\"\(n(at.y + 36))\">\(xml(note.joined(separator: " · ")))</text>" }
            if node.isDeepLinkable {
                shape += "<circle class=\"link-entry\" cx=\"\(n(at.x - 18))\" cy=\"\(n(at.y + Self.nodeHeight / 2))\" r=\"4\"/>"
                shape += "<path class=\"edge edge-link\" d=\"M \(n(at.x - 14)) \(n(at.y + Self.nodeHeight / 2)) L \(n(at.x)) \(n(at.y + Self.nodeHeight / 2))\" marker-end=\"url(#\(arrow))\"/>"
            }
            if let url = node.url {
                parts.append("<a href=\"\(xml(url))\" tabindex=\"-1\">\(shape)</a>")
            } else {
                parts.append(shape)
            }
        }
        parts.append("</svg>")
        return parts.joined(separator: "\n")
    }

    /// A curve from one node to another: across lanes side to side; within a lane down its right
    /// side and up its left, further out the further it goes.
    private func curve(from start: (x: Double, y: Double), to end: (x: Double, y: Double)) -> String {
        let w = Self.laneWidth - 16, middle = Self.nodeHeight / 2
        if abs(start.x - end.x) < 1 {
            let down = end.y > start.y
            let (x, y1, y2) = (down ? start.x + w : start.x, start.y + middle + (down ? 6 : -6), end.y + middle + (down ? -6 : 6))
            let bulge = min(Self.laneGap / 2 - 2, 8 + abs(y2 - y1) / 12) * (down ? 1 : -1)
            return "M \(n(x)) \(n(y1)) C \(n(x + bulge)) \(n(y1)), \(n(x + bulge)) \(n(y2)), \(n(x)) \(n(y2))"
        }
        let rightward = end.x > start.x
        let x1 = rightward ? start.x + w : start.x, x2 = rightward ? end.x : end.x + w
        let (y1, y2) = (start.y + middle, end.y + middle)
        let pull = max(30, abs(x2 - x1) / 3) * (rightward ? 1 : -1)
        return "M \(n(x1)) \(n(y1)) C \(n(x1 + pull)) \(n(y1)), \(n(x2 - pull)) \(n(y2)), \(n(x2)) \(n(y2))"
    }

    private func n(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
    }

    private func clipped(_ text: String, _ length: Int) -> String {
        text.count > length ? String(text.prefix(length - 1)) + "…" : text
    }

    private func xml(_ text: String) -> String {
        XMLEscaping.escaped(text)
    }
}
