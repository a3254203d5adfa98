import FlowDefinition

/// The options of a form's choice fields as one session sees them: those `app.xml` lists, or the
/// records of the collection a field names (each record's id posted, its `option-label` field
/// read), in the order they were made.
package enum ChoiceOptions {
    /// Field name → options, for every choice field of `form`.
    package static func of(_ form: FormDefinition, data: AppData) throws -> [String: [ChoiceDefinition.Option]] {
        var options: [String: [ChoiceDefinition.Option]] = [:]
        for field in form.fields {
            guard let choice = field.choice else { continue }
            guard let source = choice.source else {
                options[field.name] = choice.options
                continue
            }
            options[field.name] = try data.records(source.collection).map { record in
                ChoiceDefinition.Option(value: record.id, label: record.values[source.label]?.text ?? record.id)
            }
        }
        return options
    }

    /// The values a choice field's posted `value` picks: one a line for check boxes, else itself
    /// (none when empty).
    static func picked(_ value: String, multiple: Bool) -> [Substring] {
        guard !value.isEmpty else { return [] }
        return multiple ? value.split(separator: "\n", omittingEmptySubsequences: true) : [Substring(value)]
    }
}
