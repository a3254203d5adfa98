import FlowDefinition
import HTMLTemplate
import Navigation

/// The forms of a page: each field with its label, draft value and error.
///
/// No field takes focus when a page arrives: a screen reader put straight into a field starts in
/// its focus mode, before the page's title and heading are read, and the keys meant to move by
/// heading type into the field. The layout focuses the heading, or the error summary after a
/// refused submit, whose links lead to the fields in error.
extension PageModel {
    /// Every form of the app on `screen`, field by field, with its draft value and error, and the
    /// list of errors of the last refused submit, each linked to its field.
    ///
    /// A form shows what was typed into it on this screen; without a draft, what it starts from
    /// there (`edited`: the record it edits, the person's profile), else nothing.
    /// `options`: the choice fields' options read from collections, by form and field.
    func forms(_ state: NavigationState, on screen: RouteInstance, edited: [String: [String: String]] = [:],
               options: [String: [String: [ChoiceDefinition.Option]]] = [:]) -> (forms: TemplateValue, errors: [ScreenPage.ErrorLink]?) {
        var forms: [String: TemplateValue]?
        var summary: [ScreenPage.ErrorLink] = []
        let drafts = state.formDrafts[screen] ?? [:]
        for (id, form) in app.forms {
            let draft = drafts[id] ?? edited[id] ?? [:]
            let errors = state.formErrors?.name == id ? state.formErrors?.values ?? [:] : [:]
            // Most forms of most pages are untouched: those are built once, in init.
            guard !draft.isEmpty || !errors.isEmpty || options[id] != nil else { continue }
            forms = forms ?? pristineForms
            forms?[id] = Self.formValue(form, draft: draft, errors: errors, options: options[id] ?? [:])
            if let message = errors[EffectOutcome.formMessage] { summary.append(.init(message: message, href: nil)) }
            for field in form.fields {
                if let error = errors[field.name] { summary.append(.init(message: error, href: "#\(id)-\(field.name)")) }
            }
        }
        return (forms.map { .record(TemplateRecord($0)) } ?? pristineFormsValue, summary.isEmpty ? nil : summary)
    }

    /// One form's fields, and its id under `_id`; a choice field's options are those of
    /// `options` by field, else those `app.xml` lists.
    static func formValue(_ form: FormDefinition, draft: [String: String], errors: [String: String],
                          options: [String: [ChoiceDefinition.Option]] = [:]) -> TemplateValue {
        var fields: [String: TemplateValue] = ["_id": .string(form.id)]
        for field in form.fields {
            let fieldID = "\(form.id)-\(field.name)"
            let error = errors[field.name]
            let described = [error.map { _ in fieldID + "-error" }, field.hint.map { _ in fieldID + "-hint" }].compactMap { $0 }
            fields[field.name] = [
                "id": .string(fieldID), "name": .string(field.name), "label": .string(field.label), "type": .string(field.type.rawValue),
                "isCheckbox": .bool(field.type == .checkbox),
                "isTextarea": .bool(field.type == .textarea),
                "value": .string(field.type == .password ? "" : draft[field.name] ?? ""),
                "checked": .bool(field.type == .checkbox && draft[field.name] != nil),
                "autocomplete": .string(field.autocomplete ?? "off"), "hint": field.hint.map { .string($0) } ?? .null,
                "hintID": .string(fieldID + "-hint"), "error": error.map { .string($0) } ?? .null, "errorID": .string(fieldID + "-error"),
                "describedBy": described.isEmpty ? .null : .string(described.joined(separator: " ")),
                "required": .bool(field.rules.contains { if case .required = $0 { true } else if case .checked = $0 { true } else { false } }),
                "isSelect": .bool(field.choice?.kind == .select),
                "isRadio": .bool(field.choice?.kind == .radio),
                "isCheckboxes": .bool(field.choice?.kind == .checkboxes),
                "isGroup": .bool(field.choice.map { $0.kind != .select } ?? false),
                "options": field.choice.map { choice in
                    let picked = Set(ChoiceOptions.picked(draft[field.name] ?? "", multiple: field.isMultipleChoice).map(String.init))
                    // The first option takes the field's own id: the error summary links to it.
                    return .array((options[field.name] ?? choice.options).enumerated().map { index, option in
                        ["value": .string(option.value), "label": .string(option.label), "id": .string(index == 0 ? fieldID : "\(fieldID)-\(index + 1)"),
                         "picked": .bool(picked.contains(option.value))]
                    })
                } ?? .null,
            ]
        }
        return .record(TemplateRecord(fields))
    }
}
