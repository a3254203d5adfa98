import FlowDefinition
import HTMLTemplate
import Navigation

/// The names a screen template may read, for `flowpages check`: ``ScreenPage``'s own declaration,
/// with what only the app knows — its forms, URLs and counts, the route's parameters, and the
/// records and lists its `app.xml` data binds — so a misspelt `{{ forms.login.emial }}` is found
/// before anything renders.
extension PageModel {
    /// The shape of the page of a screen of `route`.
    func shape(of route: RouteDefinition) -> [String: TemplateShape] {
        guard case .record(var shape) = ScreenPage.Model.templateShape else { return [:] }
        shape["app"] = TemplateShape(appValue)
        shape["urls"] = TemplateShape(urlsValue)
        shape["actions"] = TemplateShape(actionsValue)
        shape["forms"] = .record(pristineForms.mapValues(TemplateShape.init))
        shape["params"] = .record(Dictionary(uniqueKeysWithValues: route.parameters.map { ($0.name, .value) }))
        shape["counts"] = .record(Dictionary(uniqueKeysWithValues: app.data.counts.keys.map { ($0, .value) }))
        let data = app.routeData[route.name] ?? .none
        for binding in data.bindings { shape[binding.name] = record(of: binding.collection) }
        for query in data.queries { shape[query.name] = query.isCount ? .value : .list(record(of: query.collection)) }
        return shape
    }

    /// A record of `collection`: its id and fields, a reference as the record it names (one level).
    private func record(of collection: String, expanding: Bool = true) -> TemplateShape {
        guard let definition = app.data.collections[collection] else { return .open }
        var members: [String: TemplateShape] = ["id": .value]
        for field in definition.fields {
            if expanding, let target = definition.references[field.name] {
                members[field.name] = record(of: target, expanding: false)
            } else {
                members[field.name] = .value
            }
        }
        return .record(members)
    }
}

extension TemplateShape {
    /// The shape of a value built once (the app's URLs, its forms): a list by its first element,
    /// and an empty list or a null as open, for nothing says what they hold.
    init(_ value: TemplateValue) {
        switch value {
        case .record(let record): self = .record(record.dictionary.mapValues(TemplateShape.init))
        case .array(let elements): self = elements.first.map { .list(TemplateShape($0)) } ?? .open
        case .model(let model): self = type(of: model).templateShape
        case .null: self = .open
        default: self = .value
        }
    }
}
