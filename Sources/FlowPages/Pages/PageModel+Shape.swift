import FlowDefinition
import HTMLTemplate
import Navigation

/// The names a screen template may read, declared for `flowpages check`: what
/// ``PageModel/context(for:csrfToken:data:takesFocus:)`` gives a screen of a route, with what is
/// inside each, so a misspelt `{{ forms.login.emial }}` is found before anything renders. Tests
/// hold every context the server builds to this declaration.
extension PageModel {
    /// The shape of the context of a screen of `route`.
    func shape(of route: RouteDefinition) -> [String: TemplateShape] {
        var shape: [String: TemplateShape] = [
            "app": TemplateShape(appValue),
            "page": .record([
                "heading": .value, "documentTitle": .value, "step": .value, "context": .value, "isModal": .value,
                "modalStyle": .value, "detent": .record(["name": .value, "label": .value, "height": .value]), "tab": .value,
                "isAlert": .value, "focusHeading": .value, "focusErrors": .value, "showsTools": .value, "guardedForm": .value,
            ]),
            "route": .record(["name": .value, "url": .value]),
            "params": .record(Dictionary(uniqueKeysWithValues: route.parameters.map { ($0.name, .value) })),
            "csrf": .value,
            "urls": TemplateShape(urlsValue),
            "actions": TemplateShape(actionsValue),
            "signedIn": .value,
            "prototype": .value,
            "pending": .record(["email": .value]),
            "then": .value,
            "shownAlert": .value,
            "motion": .value,
            "forms": .record(pristineForms.mapValues(TemplateShape.init)),
            "errors": .list(.record(["message": .value, "href": .value])),
            "underlying": .record(["title": .value, "html": .value, "tab": .value]),
            "back": .record(["label": .value, "showsTitle": .value, "namesDestination": .value, "destination": .value, "kind": .value, "action": .value]),
            "breadcrumbs": .record(["label": .value, "items": .list(.record(["title": .value, "current": .value]))]),
            "tabs": .list(.record([
                "id": .value, "title": .value, "icon": .value, "badge": .record(["count": .value, "label": .value]), "selected": .value, "action": .value,
            ])),
            // A person's profile holds whatever fields their account was given.
            "user": .open,
            "counts": .record(Dictionary(uniqueKeysWithValues: app.data.counts.keys.map { ($0, .value) })),
            "alert": .record(["title": .value, "message": .value, "dismissible": .value, "buttons": .list(.record(["label": .value, "action": .value]))]),
            "toasts": .list(.record(["message": .value, "error": .value])),
            // A deep-linkable screen's offers of the installed app, and its link preview (AppBanner).
            "appLinks": .record(["itunes": .value]),
            "appBanner": .record([
                "title": .value, "open": .value, "openPing": .value, "stores": .list(.record(["url": .value, "label": .value, "ping": .value])),
                "dismiss": .value, "getCode": .value, "code": .value, "codeQR": .value, "linkQR": .value,
            ]),
            "preview": .record(["title": .value, "siteName": .value, "description": .value, "image": .value, "url": .value, "card": .value]),
        ]
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
        case .null: self = .open
        default: self = .value
        }
    }
}
