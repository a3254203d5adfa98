import Foundation
import HTMLTemplate

/// A template context read from JSON: objects become records, arrays lists, and numbers,
/// strings, booleans and null the matching values.
package struct TemplateContext: Decodable, Sendable {
    /// The top-level members.
    let values: [String: TemplateValue]

    /// Reads a JSON object's members; anything else is refused.
    package init(from decoder: any Decoder) throws {
        guard case .record(let record) = try Self.value(from: decoder) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "the context must be a JSON object"))
        }
        values = record.dictionary
    }

    /// Reads the context of a JSON file.
    package static func read(_ path: String) throws -> [String: TemplateValue] {
        try JSONDecoder().decode(TemplateContext.self, from: Data(contentsOf: URL(fileURLWithPath: path))).values
    }

    private struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    private static func value(from decoder: any Decoder) throws -> TemplateValue {
        if let object = try? decoder.container(keyedBy: Key.self) {
            var members: [String: TemplateValue] = [:]
            for key in object.allKeys {
                members[key.stringValue] = try value(from: object.superDecoder(forKey: key))
            }
            return .record(TemplateRecord(members))
        }
        if var list = try? decoder.unkeyedContainer() {
            var elements: [TemplateValue] = []
            while !list.isAtEnd { elements.append(try value(from: list.superDecoder())) }
            return .array(elements)
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() { return .null }
        if let flag = try? single.decode(Bool.self) { return .bool(flag) }
        if let number = try? single.decode(Int.self) { return .int(number) }
        if let number = try? single.decode(Double.self) { return .double(number) }
        return .string(try single.decode(String.self))
    }
}
