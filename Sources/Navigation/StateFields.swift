/// Reads the members of one object of a stored state, naming what is wrong when a member is.
struct StateFields {
    typealias FormatError = NavigationState.FormatError

    private let members: [String: JSONValue]
    private let what: String

    init(_ value: JSONValue, _ what: String) throws(FormatError) {
        guard case .object(let members) = value else { throw .malformed("\(what) is not an object") }
        self.members = members
        self.what = what
    }

    func optional(_ key: String) -> JSONValue? {
        members[key].flatMap { $0 == .null ? nil : $0 }
    }

    func integer(_ key: String) throws(FormatError) -> Int {
        guard case .integer(let value)? = members[key] else { throw .malformed("\(what) has no whole number '\(key)'") }
        return value
    }

    func string(_ key: String) throws(FormatError) -> String {
        guard let value = members[key] else { throw .malformed("\(what) has no '\(key)'") }
        return try Self.string(value, "'\(key)' of \(what)")
    }

    func optionalString(_ key: String) throws(FormatError) -> String? {
        try optional(key).map { value throws(FormatError) in try Self.string(value, "'\(key)' of \(what)") }
    }

    func members(_ key: String) throws(FormatError) -> [(String, JSONValue)] {
        guard let value = optional(key) else { return [] }
        guard case .object(let members) = value else { throw .malformed("'\(key)' of \(what) is not an object") }
        return members.map { ($0.key, $0.value) }
    }

    func elements(_ key: String) throws(FormatError) -> [JSONValue] {
        guard let value = optional(key) else { return [] }
        guard case .array(let elements) = value else { throw .malformed("'\(key)' of \(what) is not an array") }
        return elements
    }

    static func string(_ value: JSONValue, _ what: String) throws(FormatError) -> String {
        guard case .string(let text) = value else { throw .malformed("\(what) is not a string") }
        return text
    }

    static func strings(_ value: JSONValue, _ what: String) throws(FormatError) -> [String: String] {
        guard case .object(let members) = value else { throw .malformed("\(what) is not an object") }
        var result: [String: String] = [:]
        for (key, member) in members {
            result[key] = try string(member, "'\(key)' of \(what)")
        }
        return result
    }

    static func instance(_ value: JSONValue, _ what: String) throws(FormatError) -> RouteInstance {
        let fields = try StateFields(value, what)
        let parameters = try fields.optional("p").map { value throws(FormatError) in try strings(value, "parameters of \(what)") }
        return RouteInstance(RouteName(try fields.string("r")), parameters ?? [:])
    }

    static func screens(_ value: JSONValue, _ what: String) throws(FormatError) -> [RouteInstance] {
        guard case .array(let elements) = value else { throw .malformed("\(what) is not an array") }
        return try elements.map { element throws(FormatError) in try instance(element, "screen of \(what)") }
    }

    static func presented(_ value: JSONValue, _ what: String) throws(FormatError) -> PresentedStack {
        let fields = try StateFields(value, what)
        guard let stack = fields.optional("s") else { throw .malformed("\(what) has no 's'") }
        let forms = try fields.elements("d").map { value throws(FormatError) in try string(value, "draft form of \(what)") }
        return PresentedStack(coordinator: CoordinatorID(try fields.string("c")), stack: try screens(stack, what), draftForms: Set(forms))
    }

    /// One screen's form drafts: the screen under `s`, each form's fields under `f`.
    static func formDrafts(_ value: JSONValue, _ what: String) throws(FormatError) -> (RouteInstance, [String: [String: String]]) {
        let fields = try StateFields(value, what)
        guard let screen = fields.optional("s") else { throw .malformed("\(what) has no 's'") }
        let instance = try instance(screen, "screen of \(what)")
        var forms: [String: [String: String]] = [:]
        for (form, value) in try fields.members("f") { forms[form] = try strings(value, "draft '\(form)' of \(instance)") }
        return (instance, forms)
    }

    static func notice(_ value: JSONValue, _ what: String) throws(FormatError) -> Notice {
        let fields = try StateFields(value, what)
        let values = try fields.optional("values").map { value throws(FormatError) in try strings(value, "values of \(what)") }
        return Notice(try fields.string("name"), values: values ?? [:])
    }
}
