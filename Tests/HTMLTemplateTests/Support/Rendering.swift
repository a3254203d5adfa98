import HTMLTemplate
import Testing

/// Renders one template (with optional partials) in strict mode.
func render(
    _ source: String, _ context: [String: TemplateValue] = [:], partials: [String: String] = [:],
    helpers: [String: Helper] = [:], strict: Bool = true, sourceLocation: SourceLocation = #_sourceLocation
) -> String? {
    do {
        let set = try TemplateSet(templates: partials.merging(["page": source]) { a, _ in a }, helpers: helpers, options: TemplateOptions(strict: strict))
        return try set.render("page", context)
    } catch {
        Issue.record("\(error)", sourceLocation: sourceLocation)
        return nil
    }
}

/// The compile errors of one template, as `name:line:col: message`.
func compileErrors(_ source: String, partials: [String: String] = [:], helpers: [String: Helper] = [:]) -> [String] {
    do {
        _ = try TemplateSet(templates: partials.merging(["page": source]) { a, _ in a }, helpers: helpers)
        return []
    } catch {
        return error.errors.map(\.description)
    }
}
