/// A set of templates compiled together, such as an app's screens with their layout and
/// partials, ready to render from any thread.
///
/// ```swift
/// let set = try TemplateSet(templates: ["_layout/app": layout, "login": login], helpers: ["csrf": csrf])
/// let html = try set.render("login", ["email": "new@example.com"])
/// ```
public struct TemplateSet: Sendable {
    /// The options compiled with.
    public let options: TemplateOptions
    let helpers: [String: Helper]
    /// The helpers sorted by name, as programs call them by index.
    let helperNames: [String]
    let helperList: [Helper]
    /// The templates sorted by name; partials refer to them by index.
    let templates: [CompiledTemplate]
    /// What each template renders, by the same index.
    let programs: [TemplateProgram]
    /// For each template, the layout it renders in (itself when it extends none) and the blocks
    /// filled on the way there, nearest first: worked out once, not per render.
    let plans: [(root: Int, blocks: [String: (template: Int, body: Range<Int>)])]
    let indices: [String: Int]

    /// Compiles every template and checks that the partials and layouts they name exist.
    /// - Parameter templates: template source by name (such as `suma-finance/login`).
    /// - Throws: ``TemplateErrors`` with every problem found, each with template, line and column.
    public init(templates sources: [String: String], helpers: [String: Helper] = [:], options: TemplateOptions = TemplateOptions()) throws(TemplateErrors) {
        var errors: [TemplateError] = []
        var parsed: [String: ParsedTemplate] = [:]
        let helperNames = Set(helpers.keys)
        for (name, source) in sources.sorted(by: { $0.key < $1.key }) {
            do {
                parsed[name] = try TemplateParser(name: name, helpers: helperNames).parse(source)
            } catch {
                errors.append(error)
            }
        }
        // Layouts first: a screen's blocks are compiled in the contexts of its layout's slots.
        let indices = Dictionary(uniqueKeysWithValues: sources.keys.sorted().enumerated().map { ($1, $0) })
        var compiled: [String: CompiledTemplate] = [:]
        var attempted: Set<String> = []
        func compile(_ name: String, visiting: Set<String>) {
            guard !attempted.contains(name), let template = parsed[name], !visiting.contains(name) else { return }
            attempted.insert(name)
            var slots: [String: EscapingContext] = [:]
            if let (layout, position) = template.extends {
                guard parsed[layout] != nil else {
                    if sources[layout] == nil { errors.append(TemplateError(name, position, "there is no layout named '\(layout)'")) }
                    return
                }
                guard !visiting.contains(layout) else {
                    errors.append(TemplateError(name, position, "layouts extend each other in a circle through '\(layout)'"))
                    return
                }
                compile(layout, visiting: visiting.union([name]))
                // A layout that failed has its own error already.
                guard let compiledLayout = compiled[layout] else { return }
                slots = compiledLayout.slots
            }
            do {
                var compiler = TemplateCompiler(name: name, indices: indices)
                compiled[name] = try compiler.compile(template, layoutSlots: slots)
            } catch {
                errors.append(error)
            }
        }
        for name in parsed.keys.sorted() { compile(name, visiting: []) }
        guard errors.isEmpty else { throw TemplateErrors(errors: errors) }
        self.options = options
        self.helpers = helpers
        self.helperNames = helpers.keys.sorted()
        helperList = self.helperNames.map { helpers[$0]! }
        let helperIndices = Dictionary(uniqueKeysWithValues: self.helperNames.enumerated().map { ($1, $0) })
        let templates = sources.keys.sorted().map { compiled[$0]! }
        let programs = templates.map { TemplateProgram($0, helpers: helperIndices) }
        self.templates = templates
        self.programs = programs
        self.indices = indices
        plans = templates.indices.map { start in
            var index = start
            var blocks: [String: (template: Int, body: Range<Int>)] = [:]
            while let extends = templates[index].extends, let layout = indices[extends.layout] {
                for (block, body) in programs[index].blocks where blocks[block] == nil {
                    blocks[block] = (index, body)
                }
                index = layout
            }
            return (index, blocks)
        }
    }

    /// The names of the templates, sorted.
    public var names: [String] { templates.map(\.name) }

    /// Renders template `name` (inside its layout, if it extends one) with `context`.
    /// - Throws: ``TemplateError`` for an unknown template, a failing helper, a loop over
    ///   something that is not a list, or (in strict mode) a missing value.
    public func render(_ name: String, _ context: [String: TemplateValue]) throws(TemplateError) -> String {
        String(decoding: try renderBytes(name, context), as: UTF8.self)
    }

    /// Renders template `name` with a model for its context (``renderBytes(_:model:sourceMap:)``).
    public func render(_ name: String, model: some TemplateModel) throws(TemplateError) -> String {
        var none: SourceMap? = nil
        return String(decoding: try renderBytes(name, model: model, sourceMap: &none), as: UTF8.self)
    }

    /// Renders to UTF-8 bytes, as a response body wants them.
    public func renderBytes(_ name: String, _ context: [String: TemplateValue]) throws(TemplateError) -> [UInt8] {
        var none: SourceMap? = nil
        return try renderBytes(name, context, sourceMap: &none)
    }

    /// Renders to UTF-8 bytes and, when `sourceMap` is not nil, records in it which template
    /// line wrote each byte (replacing the entries it held).
    /// - Parameter sourceMap: `SourceMap()` to have one recorded (or ``SourceMap/init(renderedApart:)``
    ///   when markup rendered apart with its own map is written in); nil records nothing and
    ///   costs nothing more than ``renderBytes(_:_:)``.
    /// - Throws: as ``renderBytes(_:_:)`` does.
    public func renderBytes(_ name: String, _ context: [String: TemplateValue], sourceMap: inout SourceMap?) throws(TemplateError) -> [UInt8] {
        let plan = plans[try index(of: name)]
        return try render(from: plan.root, blocks: plan.blocks, .record(TemplateRecord(context)), sourceMap: &sourceMap)
    }

    /// Renders the blocks template `name` fills (through every layout it extends) inside
    /// `layout` instead of its own outermost layout: the same screen in another frame, such as
    /// the screen a sheet stands over. A block `layout` has no slot for is left out.
    /// - Throws: ``TemplateError`` for an unknown template, a `layout` that extends another, or
    ///   a block whose slot in `layout` lies in another escaping context than in the template's
    ///   own layout (its outputs were escaped for that one); and as ``renderBytes(_:_:)`` does.
    public func renderBytes(_ name: String, in layout: String, _ context: [String: TemplateValue]) throws(TemplateError) -> [UInt8] {
        var none: SourceMap? = nil
        return try renderBytes(name, in: layout, context, sourceMap: &none)
    }

    /// Renders template `name` inside `layout` as ``renderBytes(_:in:_:)`` does, recording a
    /// ``SourceMap`` as ``renderBytes(_:_:sourceMap:)`` does.
    public func renderBytes(_ name: String, in layout: String, _ context: [String: TemplateValue], sourceMap: inout SourceMap?) throws(TemplateError) -> [UInt8] {
        let (frame, blocks) = try frame(name, in: layout)
        return try render(from: frame, blocks: blocks, .record(TemplateRecord(context)), sourceMap: &sourceMap)
    }

    /// Renders template `name` with a model for its context: what it reads is read from `model`'s
    /// members as it is written out, and nothing else is. Otherwise as ``renderBytes(_:_:sourceMap:)``.
    public func renderBytes(_ name: String, model: some TemplateModel, sourceMap: inout SourceMap?) throws(TemplateError) -> [UInt8] {
        let plan = plans[try index(of: name)]
        return try render(from: plan.root, blocks: plan.blocks, .model(model), sourceMap: &sourceMap)
    }

    /// Renders template `name` inside `layout` with a model for its context, as
    /// ``renderBytes(_:in:_:sourceMap:)`` does with a dictionary.
    public func renderBytes(_ name: String, in layout: String, model: some TemplateModel, sourceMap: inout SourceMap?) throws(TemplateError) -> [UInt8] {
        let (frame, blocks) = try frame(name, in: layout)
        return try render(from: frame, blocks: blocks, .model(model), sourceMap: &sourceMap)
    }

    /// `layout`, to frame the blocks template `name` fills.
    private func frame(_ name: String, in layout: String) throws(TemplateError) -> (frame: Int, blocks: [String: (template: Int, body: Range<Int>)]) {
        let plan = plans[try index(of: name)]
        let frame = try index(of: layout)
        guard templates[frame].extends == nil else {
            throw TemplateError(template: layout, line: 1, column: 1, message: "'\(layout)' extends a layout, so it cannot frame '\(name)'; frame it with the outermost one")
        }
        for block in plan.blocks.keys.sorted() {
            guard let slot = templates[frame].slots[block], slot != templates[plan.root].slots[block] else { continue }
            throw TemplateError(template: layout, line: 1, column: 1,
                                message: "its block \"\(block)\" is in \(slot), but '\(name)' fills it for \(templates[plan.root].name)'s, in another context")
        }
        return (frame, plan.blocks)
    }

    /// Renders template number `root`'s own steps with `blocks` filled.
    private func render(
        from root: Int, blocks: [String: (template: Int, body: Range<Int>)], _ context: TemplateValue, sourceMap: inout SourceMap?
    ) throws(TemplateError) -> [UInt8] {
        let recorder = sourceMap.map { SourceMapRecorder(SourceMap(renderedApart: $0.renderedApart)) }
        var renderer = TemplateRenderer(set: self, context: context, blocks: blocks, recorder: recorder)
        try renderer.render(programs[root].root, of: root)
        if let recorder { sourceMap = recorder.finished(byteCount: renderer.output.count) }
        return renderer.output
    }

    private func index(of name: String) throws(TemplateError) -> Int {
        guard let index = indices[name] else {
            throw TemplateError(template: name, line: 1, column: 1, message: "there is no template named '\(name)'")
        }
        return index
    }
}
