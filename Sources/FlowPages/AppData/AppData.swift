import Foundation
import FlowDefinition
import FlowStore
import HTMLTemplate
import Navigation

/// An app's data as one session sees it: the records its screens bind, the lists and counts they
/// show, and the titles that read them — through the store's reads, in the scopes of that
/// session (its own copy, the signed-in person's records, the shared ones).
///
/// A class: a page hands it around while it reads, and what it has read is kept in it.
package final class AppData {
    /// The app as mounted: held by reference, since copying its definition (a struct of many
    /// references) retained every one of them, shared by every handler thread, on each page.
    let mounted: MountedApp
    /// The shapes its collections' records are read in.
    let layouts: RecordLayouts
    let reads: any RecordReads
    /// Whose copy of a collection of each scope this session sees; nil for an account's data
    /// while no one is signed in.
    let scope: (CollectionScope) -> RecordScope?
    /// What this has read already: a page reads a bound record for its content and again for
    /// its title, and a list and its count read the same collection.
    private let memo = Memo()

    /// `app`'s data read through `reads`, each collection in the scope `scope` gives it.
    package init(app: MountedApp, reads: any RecordReads, scope: @escaping (CollectionScope) -> RecordScope?) {
        mounted = app
        layouts = app.recordLayouts
        self.reads = reads
        self.scope = scope
    }

    /// Reads already made, for the life of one ``AppData`` (one page, one post). A post's writes
    /// go through ``DataWriter``, never through this, so nothing here is stale within it.
    private final class Memo {
        var records: [String: [StoredRecord]] = [:]
        var record: [RecordKey: StoredRecord?] = [:]
        /// The records a list's filters and search match, before its order and limit: a list
        /// of results and the count beside it match the same.
        var matching: [MatchKey: [StoredRecord]] = [:]

        struct MatchKey: Hashable {
            let collection: String
            let filters: [RecordFilter]
            let search: RecordSearch?
            let parameters: [String: String]
        }

        struct RecordKey: Hashable {
            let collection: String
            let id: String
        }
    }

    /// Whether every record `instance` names exists: a listing id that does not is a link to
    /// nothing, handled as an invalid link. A record of the signed-in person's own while no one
    /// is signed in cannot be looked for yet: the screen's sign-in guard comes first.
    package func exists(_ instance: RouteInstance) throws -> Bool {
        for binding in mounted.app.routeData[instance.name]?.bindings ?? [] {
            guard let id = instance.parameters[binding.parameter], let collection = mounted.app.data.collections[binding.collection],
                  scope(collection.scope) != nil else { continue }
            if try record(binding.collection, id: id) == nil { return false }
        }
        return true
    }

    /// The record `id` of `collection`, or nil (also when its scope is not available).
    func record(_ collection: String, id: String) throws -> StoredRecord? {
        let key = Memo.RecordKey(collection: collection, id: id)
        if let known = memo.record[key] { return known }
        guard let definition = mounted.app.data.collections[collection], let scope = scope(definition.scope) else { return nil }
        let found = try reads.find(app: mounted.app.id, collection: collection, scope: scope, id: id)
        memo.record[key] = .some(found)
        return found
    }

    /// Every record of `collection` this session sees.
    func records(_ collection: String) throws -> [StoredRecord] {
        if let known = memo.records[collection] { return known }
        guard let definition = mounted.app.data.collections[collection], let scope = scope(definition.scope) else { return [] }
        let found = try reads.list(app: mounted.app.id, collection: collection, scope: scope)
        memo.records[collection] = found
        return found
    }

    /// The records a list or count selects, with `parameters` filling its filters and search.
    func select(_ query: RecordQuery, parameters: [String: String]) throws -> [StoredRecord] {
        var selected = try matching(query, parameters: parameters)
        if let order = query.order {
            // Each record's value read once, not twice a comparison.
            selected = selected.map { (value: Self.sortValue(order.field, in: $0), record: $0) }
                .sorted { a, b in order.descending ? Self.precedes(b.value, a.value) : Self.precedes(a.value, b.value) }
                .map(\.record)
        }
        if let limit = query.limit, selected.count > limit { selected = Array(selected.prefix(limit)) }
        return selected
    }

    /// The records of a query's collection its filters and search match, in the order made.
    private func matching(_ query: RecordQuery, parameters: [String: String]) throws -> [StoredRecord] {
        let key = Memo.MatchKey(collection: query.collection, filters: query.filters, search: query.search, parameters: parameters)
        if let known = memo.matching[key] { return known }
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
            let words = (parameters[search.parameter] ?? "").split(whereSeparator: \.isWhitespace).map(SearchWord.init)
            selected = selected.filter { record in
                words.allSatisfy { word in
                    search.fields.contains { field in Self.text(of: field, in: record).map(word.isFound) ?? false }
                }
            }
        }
        memo.matching[key] = selected
        return selected
    }

    /// A record as templates read it: its fields and `id`, with each reference replaced by the
    /// record it names (one level deep), so a list of favourites shows the listings' titles.
    func value(of record: StoredRecord, in collection: String, expanding: Bool = true) throws -> TemplateValue {
        try values(of: [record], in: collection, expanding: expanding)[0]
    }

    /// Records of `collection` as templates read them (``value(of:in:expanding:)``), its layout
    /// and references looked up once for them all.
    func values(of records: [StoredRecord], in collection: String, expanding: Bool = true) throws -> [TemplateValue] {
        let references = expanding ? mounted.app.data.collections[collection]?.references ?? [:] : [:]
        guard let layout = layouts[collection] else { return records.map { .record(["id": .string($0.id)]) } }
        let make = Self.templateValues(in: layout)
        return try records.map { record in
            // The record's values in the layout's order are kept with its body, which the next
            // page reads again; only references are filled for each read.
            var values = record.fields.form(for: layout, id: record.id, make)
            for (name, target) in references {
                guard let position = layout.position(of: name), let value = record.values[name] else { continue }
                values[position] = try self.record(target, id: value.text).map { try self.value(of: $0, in: target, expanding: false) } ?? .null
            }
            return .record(TemplateRecord(layout: layout, values: values))
        }
    }

    /// A record's id and fields in the order of `layout`'s names. Fields the collection no
    /// longer declares are left out: templates are checked against the declared ones.
    private static func templateValues(in layout: TemplateRecord.Layout) -> (String, [String: RecordValue]) -> [TemplateValue] {
        { id, fields in
            var values = [TemplateValue](repeating: .null, count: layout.names.count)
            values[0] = .string(id)
            for (name, value) in fields where name != "id" {
                guard let position = layout.position(of: name) else { continue }
                values[position] = value.templateValue
            }
            return values
        }
    }

    /// The record `form` starts from on `screen` (``AppDefinition/startingRecord(of:on:)``), as
    /// that form's draft of it would read: text, a true flag as a ticked box, nothing for an empty
    /// field or a false flag. Empty for a form that starts from no record there, or when the
    /// record is gone.
    func edited(_ form: String, on screen: RouteInstance) throws -> [String: String] {
        guard let binding = mounted.app.startingRecord(of: form, on: screen.name), let id = screen.parameters[binding.parameter],
              let record = try record(binding.collection, id: id) else { return [:] }
        return record.values.compactMapValues { value in
            switch value {
            case .boolean(let flag): flag ? "on" : nil
            default: value.text.isEmpty ? nil : value.text
            }
        }
    }

    /// What the screen `instance` reads: its bound records and its lists and counts, by name.
    func values(for instance: RouteInstance) throws -> [String: TemplateValue] {
        guard let data = mounted.app.routeData[instance.name] else { return [:] }
        var values: [String: TemplateValue] = [:]
        for binding in data.bindings {
            guard let id = instance.parameters[binding.parameter] else { continue }
            values[binding.name] = try record(binding.collection, id: id).map { try value(of: $0, in: binding.collection) } ?? .null
        }
        for query in data.queries {
            let selected = try select(query, parameters: instance.parameters)
            values[query.name] = query.isCount ? .int(selected.count) : .array(try self.values(of: selected, in: query.collection))
        }
        return values
    }

    /// The app-wide counts (`<count>` under `<data>`), by name; zero for an account's while
    /// signed out.
    func counts() throws -> [String: Int] {
        try mounted.app.data.counts.mapValues(count)
    }

    /// How many records an app-wide count selects: counted by the store when it only compares
    /// fields with constants (an unread badge), without reading the records.
    private func count(_ query: RecordQuery) throws -> Int {
        guard let collection = mounted.app.data.collections[query.collection], query.search == nil else { return try select(query, parameters: [:]).count }
        var matching: [String: RecordValue] = [:]
        for filter in query.filters {
            guard case .constant(let text) = filter.value, filter.field != "id",
                  let value = collection.field(filter.field)?.type.value(of: text) else { return try select(query, parameters: [:]).count }
            matching[filter.field] = value.recordValue
        }
        guard let scope = scope(collection.scope) else { return 0 }
        return try reads.count(app: mounted.app.id, collection: collection.id, scope: scope, matching: matching)
    }

    /// The route's title with its `{placeholders}` filled: parameters, and fields of the records
    /// it binds. A title whose record is gone reads as the route's name.
    func title(of instance: RouteInstance) throws -> String {
        guard let route = mounted.app.navigation.route(instance.name) else { return instance.name.rawValue }
        return try fill(route.title, for: instance)
    }

    /// The route's breadcrumb (its short name in a trail), filled like its title; nil when it
    /// has none.
    func breadcrumb(of instance: RouteInstance) throws -> String? {
        try mounted.app.navigation.route(instance.name)?.breadcrumb.map { try fill($0, for: instance) }
    }

    /// Whether a title or breadcrumb has `{placeholders}` to fill. (Foundation's `contains` on a
    /// `String` goes through `NSString`; pages ask this of every title they show.)
    package static func hasPlaceholders(_ text: String) -> Bool {
        text.utf8.contains(UInt8(ascii: "{"))
    }

    /// `text` with its `{placeholders}` filled for the screen `instance`.
    private func fill(_ text: String, for instance: RouteInstance) throws -> String {
        guard Self.hasPlaceholders(text) else { return text }
        var filled = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            filled += rest[..<open]
            filled += try placeholder(String(rest[rest.index(after: open)..<close]), for: instance) ?? ""
            rest = rest[rest.index(after: close)...]
        }
        filled += rest
        return filled.allSatisfy(\.isWhitespace) ? Self.fallbackTitle(instance.name) : filled
    }

    /// The text a title's placeholder stands for: a field of a bound record (`listing.title`),
    /// of the record one of its references names (`inquiry.listing.title`), or a parameter.
    private func placeholder(_ name: String, for instance: RouteInstance) throws -> String? {
        let parts = name.split(separator: ".", maxSplits: 2).map(String.init)
        if parts.count > 1, let binding = mounted.app.routeData[instance.name]?.bindings.first(where: { $0.name == parts[0] }) {
            guard let id = instance.parameters[binding.parameter], let record = try record(binding.collection, id: id) else { return nil }
            if parts[1] == "id" && parts.count == 2 { return record.id }
            guard let value = record.values[parts[1]] else { return nil }
            guard parts.count == 3 else { return value.text }
            guard let target = mounted.app.data.collections[binding.collection]?.references[parts[1]],
                  let referenced = try self.record(target, id: value.text) else { return nil }
            return parts[2] == "id" ? referenced.id : referenced.values[parts[2]]?.text
        }
        return mounted.app.navigation.route(instance.name)?.values(of: instance)[name] ?? instance.parameters[name]
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
