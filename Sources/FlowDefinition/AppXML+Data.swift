import Foundation
import Navigation

/// Reading and checking app data: `<data>` with its collections and counts, each route's bound
/// records, lists and counts, the data steps of actions, and the folder's data file.
extension AppXML {
    /// The collections and app-wide counts of `<data>`, with its data file's records.
    mutating func readData(accounts: Set<String>) -> DataDefinition {
        guard let element = root.child("data") else { return .none }
        var collections: [String: CollectionDefinition] = [:]
        for collection in element.children("collection") {
            let id = collection["id"] ?? ""
            if collections[id] != nil { report(collection.line, "collection '\(id)' is declared twice; give each collection its own id") }
            var names: Set<String> = []
            let fields = collection.children("field").map { field -> DataField in
                let name = field["name"] ?? ""
                if name == "id" || name.hasPrefix("_") {
                    report(field.line, "collection '\(id)' declares a field '\(name)', but 'id' and names starting with '_' are FlowPages' own; every record has an id already")
                }
                if !names.insert(name).inserted { report(field.line, "collection '\(id)' has two fields named '\(name)'") }
                let type: DataFieldType = switch field["type"] ?? "string" {
                case "text": .text
                case "integer": .integer
                case "boolean": .boolean
                case "reference": .reference(field["collection"] ?? "")
                default: .string
                }
                if case .reference = type, field["collection"] == nil {
                    report(field.line, "field '\(name)' of collection '\(id)' is a reference, so it needs collection=\"…\" naming what it refers to")
                }
                return DataField(name: name, type: type, isRequired: field["required"].map(Self.boolean) ?? false)
            }
            collections[id] = CollectionDefinition(id: id, scope: CollectionScope(rawValue: collection["scope"] ?? "") ?? .app, fields: fields)
        }
        for collection in element.children("collection") {
            for field in collection.children("field") where field["type"] == "reference" {
                if let target = field["collection"], collections[target] == nil {
                    report(field.line, "field '\(field["name"] ?? "")' refers to collection '\(target)', which is not declared under <data>")
                }
            }
        }
        var counts: [String: RecordQuery] = [:]
        for count in element.children("count") {
            let query = readQuery(count, isCount: true, collections: collections, parameters: nil, context: "<data>")
            if counts[query.name] != nil { report(count.line, "count '\(query.name)' is declared twice under <data>") }
            counts[query.name] = query
        }
        let fixtures = element["fixtures"].map { readFixtureFile($0, line: element.line, collections: collections, accounts: accounts) } ?? []
        return DataDefinition(collections: collections, counts: counts, fixtures: fixtures)
    }

    /// A route's bound records, lists, counts and `<on-open>` writes, checked against its
    /// parameters and the collections.
    mutating func readRouteData(_ element: XMLElement, route: RouteDefinition, data: DataDefinition) -> RouteData {
        var names: Set<String> = []
        func claim(_ name: String, at line: Int) {
            if DataDefinition.reservedNames.contains(name) {
                report(line, "route '\(route.name)' names a record or list '\(name)', which templates already read as FlowPages' own; choose another name")
            } else if route.parameter(name) != nil || !names.insert(name).inserted {
                report(line, "route '\(route.name)' uses the name '\(name)' twice; give each bound record and list its own name")
            }
        }
        var bindings: [RecordBinding] = []
        for param in element.children("param") {
            guard let collection = param["collection"] else {
                if param["as"] != nil { report(param.line, "parameter '\(param["name"] ?? "")' has as=\"…\" but no collection=\"…\"; name the collection its value is an id of") }
                continue
            }
            let name = param["as"] ?? ""
            if data.collections[collection] == nil {
                report(param.line, "parameter '\(param["name"] ?? "")' of route '\(route.name)' names a record of collection '\(collection)', which is not declared under <data>")
            }
            if name.isEmpty {
                report(param.line, "parameter '\(param["name"] ?? "")' names a record of '\(collection)'; add as=\"…\", the name templates and titles read it by")
            } else {
                claim(name, at: param.line)
            }
            bindings.append(RecordBinding(parameter: param["name"] ?? "", collection: collection, name: name))
        }
        var queries: [RecordQuery] = []
        for child in element.children where child.name == "list" || child.name == "count" {
            let query = readQuery(child, isCount: child.name == "count", collections: data.collections, parameters: route, context: "route '\(route.name)'")
            claim(query.name, at: child.line)
            queries.append(query)
        }
        var onOpen: [DataWrite] = []
        if let open = element.child("on-open") {
            for step in open.children {
                guard let write = dataWrite(step) else { continue }
                checkWrite(write, at: step.line, in: "the <on-open> of route '\(route.name)'", form: nil, route: route, data: data)
                onOpen.append(write)
            }
        }
        checkTitle(route, bindings: bindings, data: data, at: element.line)
        return RouteData(bindings: bindings, queries: queries, onOpen: onOpen)
    }

    /// The data step an action element is, or nil when it is another kind of step.
    func dataWrite(_ element: XMLElement) -> DataWrite? {
        let collection = element["collection"] ?? ""
        let values = element.children("set").map { FieldAssignment(field: $0["name"] ?? "", value: Self.source(of: $0)) }
        let id: ValueSource = element["id-param"].map { .parameter($0) } ?? element["id-field"].map { .field($0) } ?? .constant("")
        switch element.name {
        case "create": return .create(collection: collection, values: values)
        case "update": return .update(collection: collection, id: id, values: values)
        case "toggle": return .toggle(collection: collection, values: values)
        case "delete": return .delete(collection: collection, id: id)
        default: return nil
        }
    }

    /// Where a `<set>`, `<where>` or `<with>` takes its value: `value`, `field`, `param` (for
    /// `<with>`, `from-param`) or `created`.
    static func source(of element: XMLElement) -> ValueSource {
        if let value = element["value"] { return .constant(value) }
        if let field = element["field"], element.name != "where" { return .field(field) }
        // In <with param="…">, param names the parameter being passed; its source is from-param.
        if let parameter = element.name == "with" ? element["from-param"] : element["param"] { return .parameter(parameter) }
        if let created = element["created"] { return .created(created) }
        return .constant("")
    }

    /// Checks a data write: its collection and fields, where its values come from, and that a
    /// create sets every required field.
    mutating func checkWrite(
        _ write: DataWrite, at line: Int, in place: String, form: FormDefinition?, route: RouteDefinition?, data: DataDefinition
    ) {
        guard let collection = data.collections[write.collection] else {
            report(line, "\(place) writes collection '\(write.collection)', which is not declared under <data>")
            return
        }
        for assignment in write.values where collection.field(assignment.field) == nil {
            report(line, "\(place) sets '\(assignment.field)', which is not a field of collection '\(collection.id)'; its fields are \(collection.fields.map(\.name).joined(separator: ", "))")
        }
        if case .create = write {
            let set = Set(write.values.map(\.field))
            for field in collection.fields where field.isRequired && !set.contains(field.name) {
                report(line, "\(place) creates a record of '\(collection.id)' without its required field '\(field.name)'; add <set name=\"\(field.name)\" …/>")
            }
        }
        var sources = write.values.map(\.value)
        switch write {
        case .update(_, let id, _), .delete(_, let id):
            if id == .constant("") { report(line, "\(place) does not say which record of '\(collection.id)' to change; add id-param=\"…\" or id-field=\"…\"") }
            sources.append(id)
        case .create, .toggle: break
        }
        for source in sources {
            checkSource(source, at: line, in: place, form: form, route: route, data: data)
        }
    }

    /// A value taken from a form field must be a field of the action's form; from a parameter,
    /// one of the route's (when the place is a route); from `created`, a declared collection.
    mutating func checkSource(_ source: ValueSource, at line: Int, in place: String, form: FormDefinition?, route: RouteDefinition?, data: DataDefinition) {
        switch source {
        case .constant: break
        case .field(let name):
            if form?.fields.contains(where: { $0.name == name }) != true {
                report(line, "\(place) takes a value from field '\(name)', which \(form.map { "form '\($0.id)'" } ?? "no form it posts") does not have")
            }
        case .parameter(let name):
            if let route, route.parameter(name) == nil {
                report(line, "\(place) takes a value from parameter '\(name)', which route '\(route.name)' does not have")
            }
        case .created(let collection):
            if data.collections[collection] == nil {
                report(line, "\(place) takes the id created in collection '\(collection)', which is not declared under <data>")
            }
        }
    }

    private mutating func readQuery(
        _ element: XMLElement, isCount: Bool, collections: [String: CollectionDefinition], parameters route: RouteDefinition?, context: String
    ) -> RecordQuery {
        let name = element["name"] ?? ""
        let collectionID = element["collection"] ?? ""
        let collection = collections[collectionID]
        if collection == nil {
            report(element.line, "\(context) reads collection '\(collectionID)' as '\(name)', but it is not declared under <data>")
        }
        func checkField(_ field: String, at line: Int) {
            if let collection, !collection.has(field) {
                report(line, "'\(name)' of \(context) uses field '\(field)', which collection '\(collectionID)' does not have; its fields are \(collection.fields.map(\.name).joined(separator: ", "))")
            }
        }
        func checkParameter(_ parameter: String, at line: Int) {
            guard let route else {
                report(line, "count '\(name)' of <data> takes parameter '\(parameter)', but app-wide counts have no route; use value=\"…\"")
                return
            }
            if route.parameter(parameter) == nil {
                report(line, "'\(name)' of \(context) takes parameter '\(parameter)', which the route does not have")
            }
        }
        let filters = element.children("where").map { filter -> RecordFilter in
            let field = filter["field"] ?? ""
            checkField(field, at: filter.line)
            var source = Self.source(of: filter)
            if case .parameter(let parameter) = source { checkParameter(parameter, at: filter.line) }
            // A constant is read as its field's type says, once: "1" for a flag matches as "true".
            if case .constant(let text) = source, field != "id", let type = collection?.field(field)?.type {
                if let value = type.value(of: text) {
                    source = .constant(value.text)
                } else {
                    report(filter.line, "'\(name)' of \(context) compares field '\(field)' with '\(text)', which a \(type.name) field cannot hold")
                }
            }
            return RecordFilter(field: field, value: source)
        }
        let search = element.child("search").map { search -> RecordSearch in
            let fields = (search["fields"] ?? "").split(separator: " ").map(String.init)
            for field in fields { checkField(field, at: search.line) }
            checkParameter(search["param"] ?? "", at: search.line)
            return RecordSearch(fields: fields, parameter: search["param"] ?? "")
        }
        let order = element["order"].map { text in
            RecordOrder(field: text.hasPrefix("-") ? String(text.dropFirst()) : text, descending: text.hasPrefix("-"))
        }
        if let order { checkField(order.field, at: element.line) }
        return RecordQuery(name: name, collection: collectionID, filters: filters, search: search, order: order,
                           limit: element["limit"].flatMap { Int($0) }, label: element["label"], isCount: isCount)
    }

    /// A title's or breadcrumb's `{placeholders}` must name a parameter of the route or a field of
    /// a record it binds.
    private mutating func checkTitle(_ route: RouteDefinition, bindings: [RecordBinding], data: DataDefinition, at line: Int) {
        for placeholder in DataDefinition.placeholders(in: route.title + (route.breadcrumb ?? "")) {
            let parts = placeholder.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            if parts.count == 1, route.parameter(parts[0]) != nil { continue }
            if parts.count == 2 || parts.count == 3, let binding = bindings.first(where: { $0.name == parts[0] }) {
                guard let collection = data.collections[binding.collection] else { continue }
                if !collection.has(parts[1]) {
                    report(line, "the title of route '\(route.name)' reads '{\(placeholder)}', but collection '\(collection.id)' has no field '\(parts[1])'")
                } else if parts.count == 3 {
                    // {inquiry.listing.title}: a field of the record a reference names.
                    if case .reference(let target)? = collection.field(parts[1])?.type, let referenced = data.collections[target] {
                        if !referenced.has(parts[2]) {
                            report(line, "the title of route '\(route.name)' reads '{\(placeholder)}', but collection '\(target)' has no field '\(parts[2])'")
                        }
                    } else {
                        report(line, "the title of route '\(route.name)' reads '{\(placeholder)}', but '\(parts[1])' of '\(collection.id)' is not a reference")
                    }
                }
                continue
            }
            report(line, "the title of route '\(route.name)' reads '{\(placeholder)}', which is neither a parameter of the route nor a field of a record it binds (<param … collection=\"…\" as=\"…\"/>)")
        }
    }

    /// Reads the data file (json-server's `db.json` form: an object whose members are the
    /// collections, each a list of records with an `id`), checking every record against its
    /// collection: unknown fields, wrong types, missing or duplicate ids, dangling references.
    private mutating func readFixtureFile(
        _ name: String, line: Int, collections: [String: CollectionDefinition], accounts: Set<String>
    ) -> [DataFixture] {
        let path = (folder as NSString).appendingPathComponent(name)
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            report(line, "the data file \(path) cannot be read; create it (an object of collections, each a list of records) or remove fixtures=\"…\"")
            return []
        }
        let document: LocatedJSON
        do {
            document = try LocatedJSON.parse(text)
        } catch {
            problems.append(FolderProblem(file: path, line: error.line, message: "not JSON: \(error.message)"))
            return []
        }
        guard case .object(let members, _) = document else {
            problems.append(FolderProblem(file: path, line: document.line, message: "the data file is \(document.kind); write an object whose members are collections: { \"listings\": [ … ] }"))
            return []
        }
        func fail(_ line: Int, _ message: String) { problems.append(FolderProblem(file: path, line: line, message: message)) }
        var fixtures: [DataFixture] = []
        var references: [(collection: String, id: String, line: Int, field: String)] = []
        var ids: [String: Set<String>] = [:]
        for (collectionID, value) in members {
            guard let collection = collections[collectionID] else {
                fail(value.line, "'\(collectionID)' is not a collection declared under <data>; the collections are \(collections.keys.sorted().joined(separator: ", "))")
                continue
            }
            guard case .array(let records, _) = value else {
                fail(value.line, "'\(collectionID)' is \(value.kind); write a list of records: [ { \"id\": … }, … ]")
                continue
            }
            for record in records {
                guard case .object(let fields, let recordLine) = record else {
                    fail(record.line, "a record of '\(collectionID)' is \(record.kind); write an object with an \"id\"")
                    continue
                }
                var values: [String: DataValue] = [:]
                var id: String?
                var account: String?
                var seen: Set<String> = []
                for (key, field) in fields {
                    if !seen.insert(key).inserted { fail(field.line, "'\(key)' is written twice in this record of '\(collectionID)'") }
                    switch key {
                    case "id":
                        switch field {
                        case .string(let text, _) where !text.isEmpty: id = text
                        case .integer(let number, _): id = String(number)
                        default: fail(field.line, "the id of a record of '\(collectionID)' is \(field.kind); write a string or a whole number")
                        }
                    case "_account":
                        guard collection.scope == .account else {
                            fail(field.line, "'_account' names whose record this is, but '\(collectionID)' is \(collection.scope.rawValue)-scoped; remove it")
                            continue
                        }
                        guard case .string(let email, _) = field, accounts.contains(email) else {
                            fail(field.line, "'_account' must be the email of an <account> under <fixtures>; the accounts are \(accounts.sorted().joined(separator: ", "))")
                            continue
                        }
                        account = email
                    default:
                        guard let definition = collection.field(key) else {
                            fail(field.line, "'\(key)' is not a field of collection '\(collectionID)'; its fields are \(collection.fields.map(\.name).joined(separator: ", "))")
                            continue
                        }
                        guard let typed = Self.value(field, as: definition.type) else {
                            if case .null = field { continue }
                            fail(field.line, "'\(key)' of collection '\(collectionID)' is \(definition.type.name == "integer" ? "a whole number" : "a \(definition.type.name)"), but this record has \(field.kind)")
                            continue
                        }
                        values[key] = typed
                        if case .reference(let target) = definition.type { references.append((target, typed.text, field.line, key)) }
                    }
                }
                guard let id else {
                    fail(recordLine, "a record of '\(collectionID)' has no \"id\"; give every record one")
                    continue
                }
                if !ids[collectionID, default: []].insert(id).inserted {
                    fail(recordLine, "'\(collectionID)' has two records with the id '\(id)'")
                }
                for field in collection.fields where field.isRequired && values[field.name] == nil {
                    fail(recordLine, "record '\(id)' of '\(collectionID)' has no '\(field.name)', which the collection requires")
                }
                if collection.scope == .account, account == nil {
                    fail(recordLine, "record '\(id)' of '\(collectionID)' belongs to an account: add \"_account\" with the email of an <account> under <fixtures>")
                }
                fixtures.append(DataFixture(collection: collectionID, id: id, values: values, account: account))
            }
        }
        for reference in references where ids[reference.collection]?.contains(reference.id) != true {
            fail(reference.line, "'\(reference.field)' refers to record '\(reference.id)' of '\(reference.collection)', which the data file does not have")
        }
        return fixtures
    }

    private static func value(_ json: LocatedJSON, as type: DataFieldType) -> DataValue? {
        switch (type, json) {
        case (.string, .string(let text, _)), (.text, .string(let text, _)), (.reference, .string(let text, _)): .string(text)
        case (.reference, .integer(let number, _)): .string(String(number))
        case (.integer, .integer(let number, _)): .integer(number)
        case (.boolean, .bool(let flag, _)): .boolean(flag)
        default: nil
        }
    }
}
