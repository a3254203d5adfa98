/// A form field's `autocomplete` value read by HTML's grammar of autofill detail tokens (WHATWG
/// HTML §4.10.18.7.1, "Autofilling form controls"): `on` or `off` alone, or in this order an
/// optional `section-*`, an optional `shipping` or `billing`, then either a field name or an
/// optional `home`/`work`/`mobile`/`fax`/`pager` and a contact field name, then an optional
/// `webauthn`. Tokens compare ignoring ASCII case. A field name must also suit the control: an
/// `email` field takes `email`, never `bday`.
enum AutofillDetail {
    /// Why `value` is not a valid `autocomplete` for a field of `type`, in the author's terms, or
    /// nil when it is.
    static func problem(with value: String, type: FieldKind) -> String? {
        let tokens = value.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" }).map { $0.lowercased() }
        if type == .checkbox {
            return "a checkbox takes no autocomplete (browsers fill text, not ticks); remove it"
        }
        guard let last = tokens.last else { return "is empty; give a field name such as 'email', or 'off'" }
        if tokens.count == 1, last == "on" || last == "off" {
            return type == .hidden ? "'\(last)' does not apply to a hidden field; give a field name such as 'email', or remove it" : nil
        }
        if let written = tokens.first(where: { $0 == "on" || $0 == "off" }) {
            return "'\(written)' stands alone; write '\(written)', or a field name with its modifiers such as 'shipping email'"
        }
        var rest = tokens[...]
        if rest.first?.hasPrefix("section-") == true { rest = rest.dropFirst() }
        if rest.first == "shipping" || rest.first == "billing" { rest = rest.dropFirst() }
        var contact: String?
        if let first = rest.first, contacts.contains(first) {
            contact = first
            rest = rest.dropFirst()
        }
        guard let name = rest.first else { return "'\(value)' has no field name; end it with one, such as '\(value) email'" }
        rest = rest.dropFirst()
        if rest.first == "webauthn" { rest = rest.dropFirst() }
        guard rest.isEmpty else {
            return "'\(value)' has '\(rest.joined(separator: " "))' after the field name '\(name)'; only 'webauthn' may follow it"
        }
        guard let group = groups[name] else {
            let suggestion = Spelling.suggestion(for: name, among: groups.keys.sorted())
            return "'\(name)' is not an autofill field name" + (suggestion.isEmpty
                ? " (HTML's are name, email, username, current-password, new-password, one-time-code, tel, bday, street-address, postal-code, country and more)"
                : suggestion)
        }
        if let contact, !group.isContact {
            return "'\(contact)' may only come before a contact field name (tel, tel-national, tel-local…, email, impp), not '\(name)'"
        }
        guard group.suits(type) else {
            let types = group.isMultiline ? ["textarea"] : group.types + ["text", "textarea"]
            return "'\(name)' does not suit a field of type \(type); it fills a field of type \(types.joined(separator: ", "))"
        }
        return nil
    }

    private static let contacts: Set<String> = ["home", "work", "mobile", "fax", "pager"]

    /// The kind of control a field name fills (HTML's "control group"), and so which field
    /// types it suits.
    private struct Group {
        /// The field types of this group's own: `email` for E-mail. Text, search, textarea and
        /// hidden fields suit every group but Multiline, which only textarea and hidden suit.
        let types: [String]
        var isContact = false
        var isMultiline = false

        func suits(_ type: FieldKind) -> Bool {
            switch type {
            case .hidden, .textarea: true
            case .text, .search: !isMultiline
            case .email, .password, .tel, .date, .number: types.contains(type.rawValue)
            case .checkbox, .select, .radio, .checkboxes: true // the server decides
            }
        }
    }

    private static let groups: [String: Group] = {
        var groups: [String: Group] = [:]
        let text = ["name", "honorific-prefix", "given-name", "additional-name", "family-name", "honorific-suffix", "nickname", "organization-title",
                    "username", "organization", "address-line1", "address-line2", "address-line3", "address-level4", "address-level3", "address-level2",
                    "address-level1", "country", "country-name", "postal-code", "cc-name", "cc-given-name", "cc-additional-name", "cc-family-name",
                    "cc-number", "cc-type", "transaction-currency", "language", "sex"]
        for name in text { groups[name] = Group(types: []) }
        for name in ["new-password", "current-password", "one-time-code"] { groups[name] = Group(types: ["password"]) }
        groups["street-address"] = Group(types: [], isMultiline: true)
        groups["cc-exp"] = Group(types: ["month"])
        for name in ["cc-exp-month", "cc-exp-year", "cc-csc", "transaction-amount", "bday-day", "bday-month", "bday-year"] { groups[name] = Group(types: ["number"]) }
        groups["bday"] = Group(types: ["date"])
        for name in ["url", "photo"] { groups[name] = Group(types: ["url"]) }
        groups["email"] = Group(types: ["email"], isContact: true)
        groups["impp"] = Group(types: ["url"], isContact: true)
        for name in ["tel", "tel-national", "tel-local"] { groups[name] = Group(types: ["tel"], isContact: true) }
        for name in ["tel-country-code", "tel-area-code", "tel-local-prefix", "tel-local-suffix", "tel-extension"] { groups[name] = Group(types: [], isContact: true) }
        return groups
    }()
}
