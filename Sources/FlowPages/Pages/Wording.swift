/// Words the server writes where no template has the screen's data at hand: a route's title
/// with its placeholders named (a page's breadcrumb, the flow map, insights), an id spelled as
/// words, a count with its noun.
package enum Wording {
    /// A title with no screen's data at hand: `Photos of {listing.title}` → `Photos of a listing`,
    /// `{project.name}` → `A project`.
    package static func readable(_ title: String) -> String {
        guard AppData.hasPlaceholders(title) else { return title }
        var result = ""
        var rest = Substring(title)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            result += rest[..<open]
            let thing = words(String(rest[rest.index(after: open)..<close].prefix { $0 != "." })).lowercased()
            result += ("aeiou".contains(thing.first ?? "x") ? "an " : "a ") + thing
            rest = rest[rest.index(after: close)...]
        }
        result += rest
        return result.prefix(1).uppercased() + result.dropFirst()
    }

    /// `main-tabs` → `Main tabs`.
    package static func words(_ id: String) -> String {
        let spaced = id.split(whereSeparator: { $0 == "-" || $0 == "_" || $0 == "." }).joined(separator: " ")
        return spaced.prefix(1).uppercased() + spaced.dropFirst()
    }

    /// `1 view`, `3 views`.
    package static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
