import FlowDefinition

/// Checks posted values against a form's rules: each field's first failing rule gives its
/// message, so a person fixes one thing per field at a time.
package enum FormCheck {
    /// Field name → message, for every field that fails a rule. `options` are the choice fields'
    /// options as the session sees them (``ChoiceOptions``); a choice field without them takes
    /// the options `app.xml` lists.
    package static func errors(in values: [String: String], for form: FormDefinition, options: [String: [ChoiceDefinition.Option]] = [:]) -> [String: String] {
        var errors: [String: String] = [:]
        for field in form.fields {
            let value = values[field.name] ?? ""
            // Measured in bytes before anything else reads it: no rule, normalisation or hash
            // ever works through a megabyte someone pasted.
            if let message = oversize(value, for: field) {
                errors[field.name] = message
            } else if let choice = field.choice, let message = notAnOption(value, of: field, options: options[field.name] ?? choice.options) {
                errors[field.name] = message
            } else if field.type == .email, let message = invisibleCharacters(in: value) {
                errors[field.name] = message
            } else if let message = field.rules.lazy.compactMap({ failure(of: $0, value: value, values: values) }).first {
                errors[field.name] = message
            }
        }
        return errors
    }

    /// The message for a choice whose posted value is not among its options (a page out of date,
    /// or a post no page made): its `<one-of>` message, or a plain one. Nothing is picked is for
    /// `<required>` to say.
    static func notAnOption(_ value: String, of field: FieldDefinition, options: [ChoiceDefinition.Option]) -> String? {
        let values = Set(options.map(\.value))
        let picked = ChoiceOptions.picked(value, multiple: field.isMultipleChoice)
        guard picked.contains(where: { !values.contains(String($0)) }) || (!field.isMultipleChoice && picked.count > 1) else { return nil }
        let declared = field.rules.lazy.compactMap { rule -> String? in
            if case .oneOf(let message) = rule { return message }
            return nil
        }.first
        return declared ?? "Choose \(field.isMultipleChoice ? "from" : "one of") the options given for \(field.label)."
    }

    /// The longest email address, in bytes (RFC 5321 §4.5.3.1: a path of 256 octets, less its brackets).
    static let longestEmail = 254
    /// The most characters a text area takes when its form declares no `max-length`.
    static let longestTextArea = 10_000
    /// The most characters any other field takes when its form declares no `max-length`.
    static let longestField = 1_000

    /// The message for a value longer than `field` can take, or nil. An email takes
    /// ``longestEmail`` bytes; another field its declared `max-length` (else ``longestTextArea`` or
    /// ``longestField``) in characters, checked first as four bytes a character — the most
    /// UTF-8 spends on one — so a value is never counted character by character beyond that.
    static func oversize(_ value: String, for field: FieldDefinition) -> String? {
        if field.type == .email {
            return value.utf8.count > longestEmail ? "An email address has at most \(longestEmail) characters." : nil
        }
        let declared = field.rules.compactMap { rule -> Int? in
            if case .maximumLength(let length, _) = rule { return length }
            return nil
        }.min()
        // A declared maximum says its own message; the byte bound only keeps its count short.
        let limit = declared ?? (field.type == .textarea ? longestTextArea : longestField)
        let (bytes, overBytes) = limit.multipliedReportingOverflow(by: 4)
        if overBytes || value.utf8.count <= bytes { return declared == nil && value.count > limit ? tooLong(limit) : nil }
        return declared.flatMap { limit in
            field.rules.lazy.compactMap { rule -> String? in
                if case .maximumLength(limit, let message) = rule { return message }
                return nil
            }.first
        } ?? tooLong(limit)
    }

    private static func tooLong(_ limit: Int) -> String {
        "Use at most \(limit) characters."
    }

    /// The message for an email holding characters that cannot be seen (zero-width spaces and
    /// joiners, soft hyphens, byte order marks, direction controls, other format or control
    /// characters), or nil: such an email looks like another person's, so it is refused.
    static func invisibleCharacters(in email: some StringProtocol) -> String? {
        let hidden = email.unicodeScalars.contains { scalar in
            let properties = scalar.properties
            return properties.generalCategory == .format || properties.generalCategory == .control
                || properties.isBidiControl || properties.isDefaultIgnorableCodePoint
        }
        return hidden ? "Remove the invisible characters (such as zero-width spaces or direction marks) from the email address; type it again if unsure." : nil
    }

    /// Whether `field` is a password in any of the app's forms: never kept, never shown again.
    static func isPassword(_ field: String, in app: AppDefinition) -> Bool {
        app.forms.values.contains { form in form.fields.contains { $0.name == field && $0.type == .password } }
    }

    /// The posted fields a form keeps as a draft: declared, not passwords, not unchecked boxes.
    static func draft(of values: [String: String], for form: FormDefinition) -> [String: String] {
        var draft: [String: String] = [:]
        for field in form.fields where field.keepsDraft {
            // A value too long to take is not kept either: the person is told, not stored a megabyte for.
            if let value = values[field.name], !value.isEmpty, oversize(value, for: field) == nil { draft[field.name] = value }
        }
        return draft
    }

    private static func failure(of rule: ValidationRule, value: String, values: [String: String]) -> String? {
        let trimmed = value.trimmingWhitespace()
        switch rule {
        case .required(let message):
            return trimmed.isEmpty ? message : nil
        case .email(let message):
            return trimmed.isEmpty || isEmailAddress(trimmed) ? nil : message
        case .checked(let message):
            return value.isEmpty ? message : nil
        case .minimumLength(let length, let message):
            return trimmed.count < length ? message : nil
        case .maximumLength(let length, let message):
            return value.count > length ? message : nil
        case .equals(let other, let message):
            return value == values[other, default: ""] ? nil : message
        case .pattern(let pattern, let message):
            guard !value.isEmpty, let regex = try? Regex(pattern) else { return nil }
            return value.wholeMatch(of: regex) == nil ? message : nil
        case .oneOf:
            // Checked before the rules, with the options the page offered (errors(in:for:options:)).
            return nil
        }
    }

    /// One `@`, something before it, and a dotted domain after it with no spaces: what an
    /// `<input type="email">` accepts, which is all a prototype needs to tell typos apart.
    static func isEmailAddress(_ text: Substring) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !text.contains(where: \.isWhitespace) else { return false }
        let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2 && labels.allSatisfy { !$0.isEmpty }
    }
}

extension String {
    func trimmingWhitespace() -> Substring {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map(index(after:)) ?? start
        return self[start..<max(start, end)]
    }
}
