import FlowDefinition
import FlowStore
import Navigation

/// Makes the data writes of an action or a screen's `<on-open>` through the request's
/// transaction, in the scopes of its session: values are taken as the collection's field types
/// say, and a write that cannot be made refuses the whole request (``ActionRefused``).
package struct DataWriter {
    let app: AppDefinition
    let transaction: any StoreTransaction
    let scope: (CollectionScope) -> RecordScope?
    let now: Int64

    /// Writes of `app`'s data inside `transaction`, each collection in the scope `scope` gives it.
    package init(app: AppDefinition, transaction: any StoreTransaction, scope: @escaping (CollectionScope) -> RecordScope?, now: Int64) {
        self.app = app
        self.transaction = transaction
        self.scope = scope
        self.now = now
    }

    /// Makes `write`, looking up each value it takes (a constant, a posted field, the screen's
    /// parameter, an id created before) with `value`; returns the id of a record it created.
    package func apply(_ write: DataWrite, value: (ValueSource) -> String?) throws -> String? {
        let id: String? = switch write {
        case .update(_, let id, _), .delete(_, let id): value(id)
        case .create, .toggle: nil
        }
        let values = Dictionary(write.values.map { ($0.field, value($0.value) ?? "") }, uniquingKeysWith: { _, last in last })
        guard let collection = app.data.collections[write.collection] else { throw ActionRefused(message: Self.notPossible) }
        guard let scope = scope(collection.scope) else {
            throw ActionRefused(message: "Sign in first: that is kept with your account.")
        }
        let typed = try self.typed(values, in: collection)
        switch write {
        case .create:
            try requireAll(typed, in: collection)
            return try transaction.records.insert(app: app.id, collection: collection.id, scope: scope, values: typed, now: now)
        case .update:
            guard let id, var record = try transaction.records.find(app: app.id, collection: collection.id, scope: scope, id: id)?.values else {
                throw ActionRefused(message: Self.gone)
            }
            record.merge(typed) { _, new in new }
            // A field set to nothing (a panel emptied, then saved) is cleared; one the write
            // found no value for (a field the form did not post) is kept.
            for assignment in write.values where value(assignment.value) == "" && collection.field(assignment.field)?.isRequired == false {
                record[assignment.field] = nil
            }
            _ = try transaction.records.update(app: app.id, collection: collection.id, scope: scope, id: id, values: record, now: now)
        case .delete:
            guard let id, try transaction.records.delete(app: app.id, collection: collection.id, scope: scope, id: id, now: now) else {
                throw ActionRefused(message: Self.gone)
            }
        case .toggle:
            let existing = try transaction.records.list(app: app.id, collection: collection.id, scope: scope)
                .first { record in typed.allSatisfy { record.values[$0.key] == $0.value } }
            if let existing {
                _ = try transaction.records.delete(app: app.id, collection: collection.id, scope: scope, id: existing.id, now: now)
            } else {
                try requireAll(typed, in: collection)
                return try transaction.records.insert(app: app.id, collection: collection.id, scope: scope, values: typed, now: now)
            }
        }
        return nil
    }

    /// The values as the collection's field types; a reference must name a record that exists.
    private func typed(_ values: [String: String], in collection: CollectionDefinition) throws -> [String: RecordValue] {
        var typed: [String: RecordValue] = [:]
        for (name, text) in values {
            guard let field = collection.field(name) else { continue }
            if text.isEmpty, !field.isRequired { continue }
            guard let value = field.type.value(of: text) else {
                throw ActionRefused(message: "“\(text)” is not a \(field.type == .integer ? "whole number" : "yes or no"), which \(name) must be.")
            }
            if case .reference(let target) = field.type {
                guard let targetCollection = app.data.collections[target], let targetScope = scope(targetCollection.scope),
                      try transaction.records.find(app: app.id, collection: target, scope: targetScope, id: text) != nil
                else { throw ActionRefused(message: Self.gone) }
            }
            typed[name] = value.recordValue
        }
        return typed
    }

    private func requireAll(_ values: [String: RecordValue], in collection: CollectionDefinition) throws {
        for field in collection.fields where field.isRequired && values[field.name] == nil {
            throw ActionRefused(message: "That can't be saved without its \(field.name).")
        }
    }

    static let gone = "That no longer exists, so nothing was changed."
    static let notPossible = "That can't be done from here."
}
