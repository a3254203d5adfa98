/// What a form field is (`<field type="…">`), which decides the control drawn for it and how its
/// value is read and kept.
public enum FieldKind: String, CaseIterable, Hashable, Sendable {
    case text, email, password, tel, date, number, checkbox, search, textarea, hidden
    /// Choices: one of a list (`select`, `radio`) or any of them (`checkboxes`), their options in ``ChoiceDefinition``.
    case select, radio, checkboxes
}
