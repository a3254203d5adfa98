import FlowDefinition
import HTMLTemplate

/// The shape templates read each collection's records in — `id`, then its fields in declaration
/// order — worked out once for an app, so the records a page lists share their member names and
/// where each is found instead of carrying and scanning them one by one.
package struct RecordLayouts: Sendable {
    private let layouts: [String: TemplateRecord.Layout]

    /// The layouts of `data`'s collections.
    package init(_ data: DataDefinition) {
        layouts = data.collections.mapValues { collection in
            var names = ["id"]
            for field in collection.fields where !names.contains(field.name) { names.append(field.name) }
            return TemplateRecord.Layout(names)
        }
    }

    /// The layout of `collection`'s records; nil for a collection the app does not declare.
    subscript(collection: String) -> TemplateRecord.Layout? {
        layouts[collection]
    }
}
