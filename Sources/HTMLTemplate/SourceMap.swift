/// Which template line wrote each byte of a rendered page: entries sorted by the byte where a
/// run of output starts, each naming the template (`pantry/list`, `_layout/app`) and the line
/// that wrote the run — a line of literal text, or the line of the `{{ }}` tag whose value it is.
/// Nothing is added to the markup; ask ``TemplateSet/renderBytes(_:_:sourceMap:)`` for one.
///
/// ```swift
/// var map: SourceMap? = SourceMap()
/// let page = try set.renderBytes("pantry/list", context, sourceMap: &map)
/// map?.location(ofByte: 120)   // (template: "pantry/list", line: 3)
/// ```
public struct SourceMap: Sendable, Equatable {
    /// A line of a template.
    public struct Location: Sendable, Hashable, CustomStringConvertible {
        /// The template's name in its set, such as `pantry/list`.
        public let template: String
        /// Counted from 1.
        public let line: Int

        public init(template: String, line: Int) {
            self.template = template
            self.line = line
        }

        /// `pantry/list:3`.
        public var description: String { "\(template):\(line)" }
    }

    /// The bytes from ``byteOffset`` up to the next entry's were written by ``line`` of ``template``.
    public struct Entry: Sendable, Equatable {
        public let byteOffset: Int
        public let template: String
        public let line: Int
        /// The partial tags (and, for markup rendered apart and written in as ``SafeHTML``, the
        /// tag that wrote it) this template was reached through, innermost first: empty for a
        /// screen's own lines and its layout's.
        public let includedFrom: [Location]

        public init(byteOffset: Int, template: String, line: Int, includedFrom: [Location] = []) {
            self.byteOffset = byteOffset
            self.template = template
            self.line = line
            self.includedFrom = includedFrom
        }

        /// Its template and line.
        public var location: Location { Location(template: template, line: line) }
    }

    /// Sorted by ``Entry/byteOffset``, no two at one byte.
    public internal(set) var entries: [Entry] = []
    /// How many bytes the render wrote.
    public internal(set) var byteCount = 0
    /// Maps of markup rendered apart, by the markup, for the render that fills this map.
    var renderedApart: [String: SourceMap] = [:]

    /// An empty map, to be filled by a render.
    /// - Parameter renderedApart: The maps of markup rendered apart (such as the screen drawn
    ///   beneath a sheet) by the markup: where the render writes exactly that markup in as
    ///   ``SafeHTML``, its bytes take those lines, reached through the tag that wrote it, instead
    ///   of that tag's line.
    public init(renderedApart: [String: SourceMap] = [:]) {
        self.renderedApart = renderedApart
    }

    /// The entry whose run holds byte `offset`; nil past the end.
    public func entry(ofByte offset: Int) -> Entry? {
        guard offset >= 0, offset < byteCount else { return nil }
        // The last entry at or before `offset`.
        var low = 0, high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].byteOffset <= offset { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : entries[low - 1]
    }

    /// The template and line that wrote byte `offset`; nil past the end.
    public func location(ofByte offset: Int) -> (template: String, line: Int)? {
        entry(ofByte: offset).map { ($0.template, $0.line) }
    }

    /// Notes that what is written from byte `offset` on comes from `line` of `template`. What an
    /// entry at the same byte said is replaced (it wrote nothing); an entry saying what the last
    /// one does is left out.
    mutating func mark(_ offset: Int, template: String, line: Int, includedFrom: [Location]) {
        if let last = entries.last, last.byteOffset == offset { entries.removeLast() }
        if let last = entries.last, last.line == line, last.template == template, last.includedFrom == includedFrom { return }
        entries.append(Entry(byteOffset: offset, template: template, line: line, includedFrom: includedFrom))
    }

    /// Adds the entries of `inner`, a map of markup written in from byte `offset` on, each reached
    /// through `includedFrom` as well.
    mutating func insert(_ inner: SourceMap, at offset: Int, includedFrom: [Location]) {
        for entry in inner.entries {
            mark(offset + entry.byteOffset, template: entry.template, line: entry.line, includedFrom: entry.includedFrom + includedFrom)
        }
    }
}
