/// What a render recording a ``SourceMap`` keeps on the way: the map so far, and the partial
/// tags the step being rendered was reached through, innermost first. One render's alone. Its
/// methods stay out of line, so a renderer recording nothing is compiled as small as before.
final class SourceMapRecorder {
    private(set) var map: SourceMap
    private var chain: [SourceMap.Location] = []

    /// A recorder filling `map` (with the maps of markup rendered apart it holds).
    init(_ map: SourceMap) {
        self.map = map
    }

    /// The map of the `byteCount` bytes written, without what it was given to record with.
    func finished(byteCount: Int) -> SourceMap {
        var finished = map
        finished.byteCount = byteCount
        finished.renderedApart = [:]
        return finished
    }

    /// The bytes written from `offset` on come from `line` of template number `template`.
    @inline(never)
    func mark(_ offset: Int, template: Int, line: Int, in set: TemplateSet) {
        map.mark(offset, template: set.templates[template].name, line: line, includedFrom: chain)
    }

    /// A text step's bytes `bytes` of `program`, written from `offset` on: each line of them
    /// starts where `lines` (entries of the program's ``TemplateProgram/textLines``) say.
    @inline(never)
    func markText(_ offset: Int, bytes: Range<Int>, lines: Range<Int>, of program: TemplateProgram, template: Int, in set: TemplateSet) {
        let name = set.templates[template].name
        for index in lines {
            let line = program.textLines[index]
            map.mark(offset + line.offset - bytes.lowerBound, template: name, line: line.line, includedFrom: chain)
        }
    }

    /// The steps rendered next are a partial's, included by the tag at `line` of template number `template`.
    @inline(never)
    func enterPartial(from template: Int, line: Int, in set: TemplateSet) {
        chain.insert(SourceMap.Location(template: set.templates[template].name, line: line), at: 0)
    }

    /// The partial last entered is done.
    @inline(never)
    func leavePartial() {
        chain.removeFirst()
    }

    /// `html` written from `offset` on by the tag at `line` of template number `template`: markup
    /// the map was given the lines of (``SourceMap/init(renderedApart:)``) takes them, reached
    /// through that tag; other markup keeps the tag's line, marked already.
    @inline(never)
    func insert(_ html: SafeHTML, at offset: Int, template: Int, line: Int, in set: TemplateSet) {
        guard !map.renderedApart.isEmpty, let inner = map.renderedApart[html.html] else { return }
        map.insert(inner, at: offset, includedFrom: [SourceMap.Location(template: set.templates[template].name, line: line)] + chain)
    }
}
