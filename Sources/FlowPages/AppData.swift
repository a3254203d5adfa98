import Foundation
import FlowDefinition
import FlowStore
import HTMLTemplate
import Navigation

/// An app's data as one session sees it: the records its screens bind, the lists and counts they
/// show, and the titles that read them — through the store's reads, in the scopes of that
/// session (its own copy, the signed-in person's records, the shared ones).
struct AppData {
    let app: AppDefinition
    let reads: any RecordReads
    /// Whose copy of a collection of each scope this session sees; nil for an account's data
    /// while no one is signed in.
    let scope: (CollectionScope) -> RecordScope?

    /// Whether every record `instance` names exists: a listing id that does not is a link to
    /// nothing, handled as an invalid link.
    func exists(_ instance: RouteInstance) throws -> Bool {
        for binding in app.routeData[instance.name]?.bindings ?? [] {
            guard let id = instance.parameters[binding.parameter] else { continue }
            if try record(binding.collection, id: id) == nil { return false }
        }
        return true
    }

    /// The record `id` of `collection`, or nil (also when its scope is not available).
    func record(_ collection: String, id: String) throws -> StoredRecord? {
        guard let definition = app.data.collections[collection], let scope = scope(definition.scope) else { return nil }
        return try reads.record(app: app.id, collection: collection, scope: scope, id: id)
    }

    /// Every record of `collection` this session sees.
    func records(_ collection: String) throws -> [StoredRecord] {
        guard let definition = app.data.collections[collection], let scope = scope(definition.scope) else { return [] }
        return try reads.records(app: app.id, collection: collection, scope: scope)
    }

    /// The records a list or count selects, with `parameters` filling its filters and search.
    func select(_ query: RecordQuery, parameters: [String: String]) throws -> [StoredRecord] {
        var selected = try records(query.collection).filter { record in
            query.filters.allSatisfy { filter in
                let wanted: String? = switch filter.value {
                case .constant(let value): value
                case .parameter(let name): parameters[name]
                case .field, .created: nil
                }
                return wanted != nil && Self.text(of: filter.field, in: record) == wanted
            }
        }
        if let search = query.search {
            let words = (parameters[search.parameter] ?? "").lowercased().split(whereSeparator: \.isWhitespace)
            selected = selected.filter { record in
                let haystack = search.fields.compactMap { Self.text(of: $0, in: record)?.lowercased() }
                return words.allSatisfy { word in haystack.contains { $0.contains(word) } }
            }
        }
        if let order = query.order {
            selected.sort { first, second in
                let (a, b) = (Self.sortValue(order.field, in: first), Self.sortValue(order.field, in: second))
                let ascending = Self.precedes(a, b)
                return order.descending ? Self.precedes(b, a) : ascending
            }
        }
        if let limit = query.limit, selected.count > limit { selected = Array(selected.prefix(limit)) }
        return selected
    }

    /// A record as templates read it: its fields and `id`, with each reference replaced by the
    /// record it names (one level deep), so a list of favourites shows the listings' titles.
    func value(of record: StoredRecord, in collection: String, expanding: Bool = true) throws -> TemplateValue {
        var members: [String: TemplateValue] = ["id": .string(record.id)]
        let definition = app.data.collections[collection]
        for (name, value) in record.values {
            if expanding, case .reference(let target)? = definition?.field(name)?.type {
                members[name] = try self.record(target, id: value.text).map { try self.value(of: $0, in: target, expanding: false) } ?? .null
                continue
            }
            members[name] = switch value {
            case .string(let text): .string(text)
            case .integer(let number): .int(number)
            case .boolean(let flag): .bool(flag)
            }
        }
        return .record(TemplateRecord(members))
    }

    /// What the screen `instance` reads: its bound records and its lists and counts, by name.
    func values(for instance: RouteInstance) throws -> [String: TemplateValue] {
        guard let data = app.routeData[instance.name] else { return [:] }
        var values: [String: TemplateValue] = [:]
        for binding in data.bindings {
            guard let id = instance.parameters[binding.parameter] else { continue }
            values[binding.name] = try record(binding.collection, id: id).map { try value(of: $0, in: binding.collection) } ?? .null
        }
        for query in data.queries {
            let selected = try select(query, parameters: instance.parameters)
            values[query.name] = query.isCount ? .int(selected.count) : .array(try selected.map { try value(of: $0, in: query.collection) })
        }
        return values
    }

    /// The app-wide counts (`<count>` under `<data>`), by name; zero for an account's while
    /// signed out.
    func counts() throws -> [String: Int] {
        try app.data.counts.mapValues { try select($0, parameters: [:]).count }
    }

    /// The route's title with its `{placeholders}` filled: parameters, and fields of the records
    /// it binds. A placeholder whose record is gone reads as the route's name for it.
    func title(of instance: RouteInstance) throws -> String {
        guard let route = app.navigation.route(instance.name), route.title.contains("{") else {
            return app.navigation.route(instance.name)?.title ?? instance.name.rawValue
        }
        let bindings = app.routeData[instance.name]?.bindings ?? []
        var values: [String: String] = [:]
        for binding in bindings {
            guard let id = instance.parameters[binding.parameter], let record = try record(binding.collection, id: id) else { continue }
            values[binding.name + ".id"] = record.id
            let collection = app.data.collections[binding.collection]
            for (name, value) in record.values {
                values[binding.name + "." + name] = value.text
                // {inquiry.listing.title}: a field of the record a reference names.
                if case .reference(let target)? = collection?.field(name)?.type, let referenced = try self.record(target, id: value.text) {
                    for (field, text) in referenced.values { values[binding.name + "." + name + "." + field] = text.text }
                }
            }
        }
        for (name, value) in instance.parameters { values[name] = value }
        var title = route.title
        for placeholder in Set(DataDefinition.placeholders(in: title)) {
            title = title.replacingOccurrences(of: "{\(placeholder)}", with: values[placeholder] ?? "")
        }
        return title.trimmingCharacters(in: .whitespaces).isEmpty ? Self.fallbackTitle(route.name) : title
    }

    /// "listing.gallery" → "Listing gallery": what a screen is called when its record is gone.
    static func fallbackTitle(_ name: RouteName) -> String {
        let words = name.rawValue.split(whereSeparator: { $0 == "-" || $0 == "." || $0 == "_" }).joined(separator: " ")
        return words.prefix(1).uppercased() + words.dropFirst()
    }

    private static func sortValue(_ field: String, in record: StoredRecord) -> RecordValue? {
        field == "id" ? Int(record.id).map { .integer($0) } ?? .string(record.id) : record.values[field]
    }

    private static func text(of field: String, in record: StoredRecord) -> String? {
        field == "id" ? record.id : record.values[field]?.text
    }

    /// Sorting: numbers by value, text by its letters, absent values last.
    private static func precedes(_ a: RecordValue?, _ b: RecordValue?) -> Bool {
        switch (a, b) {
        case (.integer(let x)?, .integer(let y)?): x < y
        case (.boolean(let x)?, .boolean(let y)?): !x && y
        case (let x?, let y?): x.text.localizedStandardCompare(y.text) == .orderedAscending
        case (.some, nil): true
        default: false
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
