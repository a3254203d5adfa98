import FlowPages
import Foundation

/// A horizontal bar chart drawn as SVG on the server: a bar a row, its label and its number
/// beside it. It is an image of a table the page also shows, and says so to a screen reader
/// through its title.
struct BarChart {
    /// Distinguishes the chart's title on a page of several.
    let id: String
    let bars: [(label: String, value: Int)]

    // About as wide as a phone's page, so its text is drawn near the size it is given.
    static let row = 24.0, labelWidth = 150.0, barWidth = 160.0

    var svg: String {
        guard let largest = bars.map(\.value).max(), largest > 0 else { return "" }
        let height = Double(bars.count) * Self.row + 8
        let width = Self.labelWidth + Self.barWidth + 50
        var parts = ["<svg class=\"bar-chart\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" role=\"img\" aria-labelledby=\"chart-\(xml(id))\">",
                     "<title id=\"chart-\(xml(id))\">\(xml(summary))</title>"]
        for (index, bar) in bars.enumerated() {
            let y = 4 + Double(index) * Self.row
            let length = max(1, Self.barWidth * Double(bar.value) / Double(largest))
            let label = bar.label.count > 21 ? String(bar.label.prefix(20)) + "…" : bar.label
            parts.append("<text class=\"bar-label\" x=\"\(Int(Self.labelWidth - 8))\" y=\"\(Int(y + 16))\" text-anchor=\"end\">\(xml(label))</text>")
            parts.append("<rect class=\"bar\" x=\"\(Int(Self.labelWidth))\" y=\"\(Int(y + 3))\" width=\"\(String(format: "%.1f", length))\" height=\"\(Int(Self.row - 6))\" rx=\"3\"/>")
            parts.append("<text class=\"bar-value\" x=\"\(String(format: "%.1f", Self.labelWidth + length + 6))\" y=\"\(Int(y + 16))\">\(bar.value)</text>")
        }
        parts.append("</svg>")
        return parts.joined(separator: "\n")
    }

    /// What the chart shows, in words: its largest bar.
    private var summary: String {
        guard let top = bars.max(by: { $0.value < $1.value }) else { return "" }
        return "Bar chart of \(bars.count) rows, the largest \(top.label) at \(top.value); the table beside it has every value."
    }

    private func xml(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
