import FlowDefinition
import FlowStore
import HTMLTemplate

extension RecordValue {
    /// The value as templates read it.
    var templateValue: TemplateValue {
        switch self {
        case .string(let text): .string(text)
        case .integer(let number): .int(number)
        case .boolean(let flag): .bool(flag)
        }
    }
}

extension DataValue {
    /// The value as the store keeps it.
    var recordValue: RecordValue {
        switch self {
        case .string(let text): .string(text)
        case .integer(let number): .integer(number)
        case .boolean(let flag): .boolean(flag)
        }
    }
}
