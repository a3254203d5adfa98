import FlowDefinition
import Navigation

/// Where an action's values come from: the posted form, the parameters of the screen it was
/// posted on, and the ids of the records it has created so far.
struct ActionSources {
    let form: [String: String]
    /// The posted form's checkboxes: one left unticked is not posted at all.
    let checkboxes: Set<String>
    let screen: [String: String]
    var created: [String: String] = [:]

    func value(_ source: ValueSource) -> String? {
        switch source {
        case .constant(let value): value
        case .field(let name): form[name]
        case .parameter(let name): screen[name]
        case .created(let collection): created[collection]
        }
    }

    /// The value of `source` for a parameter of `kind`: a checkbox given to a boolean
    /// parameter reads `true` when ticked and `false` when not.
    func value(_ source: ValueSource, for kind: ParameterDefinition.Kind?) -> String? {
        if kind == .boolean, case .field(let name) = source, checkboxes.contains(name) { return form[name] == nil ? "false" : "true" }
        return value(source)
    }
}
