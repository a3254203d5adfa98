/// The stored form of a state: compact JSON, the same document ``NavigationState``'s `Codable`
/// conformance gives, written without Foundation and canonically (members in a fixed order,
/// dictionary keys sorted), so equal states give equal bytes.
extension NavigationState {
    /// The largest stored state read back, in bytes.
    public static let maximumEncodedSize = 256 * 1024

    /// Why stored bytes are not a navigation state this code can read.
    public enum FormatError: Error, Hashable, Sendable, CustomStringConvertible {
        /// Written by a newer FlowPages, with a version this code does not know.
        case newerVersion(Int)
        /// A version FlowPages has never written.
        case unknownVersion(Int)
        /// Not a navigation state document.
        case malformed(String)

        public var description: String {
            switch self {
            case .newerVersion(let found):
                "the stored navigation state has version \(found), newer than this FlowPages (\(NavigationState.currentVersion)); it was written by a newer release"
            case .unknownVersion(let found):
                "the stored navigation state has version \(found), which FlowPages has never written"
            case .malformed(let reason):
                "the stored navigation state is malformed: \(reason)"
            }
        }
    }

    /// Checks a stored version; a migration from each older version goes here as the format evolves.
    static func checkVersion(_ version: Int) throws(FormatError) {
        if version > currentVersion { throw .newerVersion(version) }
        if version < currentVersion { throw .unknownVersion(version) }
    }

    /// The state as canonical JSON bytes.
    public func encoded() -> [UInt8] {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("v")
        writer.integer(Self.currentVersion)
        if let flow {
            writer.key("flow")
            writer.string(flow.rawValue)
        }
        if !stacks.isEmpty {
            writer.key("stacks")
            writer.beginObject()
            for (stack, screens) in stacks.sorted(by: { $0.key < $1.key }) {
                writer.key(stack.rawValue)
                writer.write(screens)
            }
            writer.endObject()
        }
        if !selectedTabs.isEmpty {
            writer.key("tabs")
            writer.object(Dictionary(uniqueKeysWithValues: selectedTabs.map { ($0.key.rawValue, $0.value.rawValue) }))
        }
        if let modal {
            writer.key("modal")
            writer.write(modal)
        }
        if !detours.isEmpty {
            writer.key("detours")
            writer.array(detours) { $0.write($1) }
        }
        if let userID {
            writer.key("user")
            writer.string(userID)
        }
        if let pendingDestination {
            writer.key("pending")
            writer.write(pendingDestination)
        }
        if !flags.isEmpty {
            writer.key("flags")
            writer.array(flags.sorted()) { $0.string($1) }
        }
        if !drafts.isEmpty {
            writer.key("drafts")
            writer.beginObject()
            for (form, fields) in drafts.sorted(by: { $0.key < $1.key }) {
                writer.key(form)
                writer.object(fields)
            }
            writer.endObject()
        }
        if !formDrafts.isEmpty {
            writer.key("formDrafts")
            writer.array(formDraftsInOrder) { writer, drafts in
                writer.beginObject()
                writer.key("s")
                writer.write(drafts.screen)
                writer.key("f")
                writer.beginObject()
                for (form, fields) in drafts.forms.sorted(by: { $0.key < $1.key }) {
                    writer.key(form)
                    writer.object(fields)
                }
                writer.endObject()
                writer.endObject()
            }
        }
        if let alert {
            writer.key("alert")
            writer.write(alert)
        }
        if let heldNavigation {
            writer.key("held")
            writer.write(heldNavigation)
        }
        if !toasts.isEmpty {
            writer.key("toasts")
            writer.array(toasts) { $0.write($1) }
        }
        if let formErrors {
            writer.key("errors")
            writer.write(formErrors)
        }
        if let motion {
            writer.key("motion")
            writer.string(motion.rawValue)
        }
        writer.endObject()
        return writer.bytes
    }

    /// Reads a state from bytes written by ``encoded()`` or by a JSON encoder.
    /// - Throws: ``FormatError`` for a newer version, malformed bytes, or more than
    ///   ``maximumEncodedSize`` bytes.
    public init(encoded bytes: [UInt8]) throws(FormatError) {
        guard bytes.count <= Self.maximumEncodedSize else {
            throw .malformed("larger than \(Self.maximumEncodedSize) bytes")
        }
        let document: JSONValue
        do {
            document = try JSONReader.parse(bytes)
        } catch {
            throw .malformed(error.description)
        }
        let fields = try StateFields(document, "the state")
        try Self.checkVersion(try fields.integer("v"))
        self.init()
        flow = try fields.optionalString("flow").map { CoordinatorID($0) }
        stacks = Dictionary(uniqueKeysWithValues: try fields.members("stacks").map { name, value throws(FormatError) in
            (CoordinatorID(name), try StateFields.screens(value, "stack '\(name)'"))
        })
        selectedTabs = Dictionary(uniqueKeysWithValues: try fields.members("tabs").map { name, value throws(FormatError) in
            (CoordinatorID(name), CoordinatorID(try StateFields.string(value, "tab of '\(name)'")))
        })
        modal = try fields.optional("modal").map { value throws(FormatError) in try StateFields.presented(value, "modal") }
        detours = try fields.elements("detours").map { value throws(FormatError) in try StateFields.presented(value, "detour") }
        // One detour under `detour`: written before detours could nest. `detours` wins, as in `Codable`.
        if detours.isEmpty, let detour = fields.optional("detour") { detours = [try StateFields.presented(detour, "detour")] }
        userID = try fields.optionalString("user")
        pendingDestination = try fields.optional("pending").map { value throws(FormatError) in try StateFields.instance(value, "pending") }
        flags = Set(try fields.elements("flags").map { value throws(FormatError) in try StateFields.string(value, "flag") })
        drafts = Dictionary(uniqueKeysWithValues: try fields.members("drafts").map { name, value throws(FormatError) in
            (name, try StateFields.strings(value, "draft '\(name)'"))
        })
        for value in try fields.elements("formDrafts") {
            let (screen, forms) = try StateFields.formDrafts(value, "form drafts")
            guard formDrafts.updateValue(forms, forKey: screen) == nil else {
                throw .malformed("the form drafts of screen '\(screen)' are given twice")
            }
        }
        alert = try fields.optional("alert").map { value throws(FormatError) in try StateFields.notice(value, "alert") }
        heldNavigation = try fields.optional("held").map { value throws(FormatError) in try StateFields.notice(value, "held navigation") }
        toasts = try fields.elements("toasts").map { value throws(FormatError) in try StateFields.notice(value, "toast") }
        formErrors = try fields.optional("errors").map { value throws(FormatError) in try StateFields.notice(value, "errors") }
        // A motion this code does not know is none: it only animates a page.
        motion = try fields.optionalString("motion").flatMap(Motion.init(rawValue:))
    }
}

extension JSONWriter {
    mutating func write(_ instance: RouteInstance) {
        beginObject()
        key("r")
        string(instance.name.rawValue)
        if !instance.parameters.isEmpty {
            key("p")
            object(instance.parameters)
        }
        endObject()
    }

    mutating func write(_ screens: [RouteInstance]) {
        array(screens) { $0.write($1) }
    }

    mutating func write(_ presented: PresentedStack) {
        beginObject()
        key("c")
        string(presented.coordinator.rawValue)
        key("s")
        write(presented.stack)
        if !presented.draftForms.isEmpty {
            key("d")
            array(presented.draftForms.sorted()) { $0.string($1) }
        }
        endObject()
    }

    mutating func write(_ notice: Notice) {
        beginObject()
        key("name")
        string(notice.name)
        key("values")
        object(notice.values)
        endObject()
    }
}
