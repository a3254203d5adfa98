import FlowPages
import Foundation
import HTMLTemplate

/// What a template writes that the Content-Security-Policy FlowPages serves with every page
/// (``SecurityHeaders/contentSecurityPolicy``) makes the browser drop, as warnings at the
/// template's `file:line:col`: the page still works, but not as written. The policy is
/// `default-src 'self'` with no `'unsafe-inline'`, so:
/// - inline style (`style="…"`, `<style>`) is not applied (`style-src` falls back to `'self'`);
/// - inline script (`<script>` without `src`, `onclick=` and every other event handler,
///   `javascript:` URLs) does not run (`script-src` falls back to `'self'`);
/// - scripts, stylesheets, images, media and frames from another origin, or from `data:` URLs,
///   are not loaded (each fetch directive falls back to `'self'`);
/// - a form posting to another origin is refused (`form-action 'self'`), and `<base href>` is
///   ignored (`base-uri 'none'`).
struct ContentPolicyCheck {
    /// `file:line:col: warning: …`, in the order the templates and their tags come.
    private(set) var warnings: [String] = []

    /// Reads each template's file afresh: the compiled templates no longer hold their text's places.
    /// - Parameter files: template file paths by template name, as ``TemplateLibrary/files``.
    init(files: [String: String]) {
        for (name, file) in files.sorted(by: { $0.key < $1.key }) {
            guard let source = try? String(contentsOfFile: file, encoding: .utf8),
                  let tags = try? TemplateMarkup.tags(in: source, template: name) else { continue }
            for tag in tags {
                for (line, column, message) in Self.dropped(in: tag) {
                    warnings.append("\(file):\(line):\(column): warning: \(message) under the Content-Security-Policy FlowPages serves (\(Self.policy))")
                }
            }
        }
    }

    /// The part of the policy every warning rests on.
    private static let policy = SecurityHeaders.contentSecurityPolicy.split(separator: ";").first.map(String.init) ?? ""

    /// What the browser drops of `tag`: where, and why in the author's terms.
    static func dropped(in tag: TemplateMarkup.Tag) -> [(line: Int, column: Int, message: String)] {
        var found: [(Int, Int, String)] = []
        switch tag.name {
        case "style":
            found.append((tag.line, tag.column, "a <style> element is not applied; put its rules in the app's style.css"))
        case "script":
            if let source = tag.attribute("src") {
                if let origin = foreign(source) {
                    found.append((source.line, source.column, "<script src> from \(origin) does not run; scripts load only from this server"))
                }
            } else {
                found.append((tag.line, tag.column, "an inline <script> does not run; pages work without script (a link or a form's button)"))
            }
        case "base":
            if let href = tag.attribute("href") {
                found.append((href.line, href.column, "<base href> is ignored (base-uri 'none'); write addresses in full, or with the url helper"))
            }
        case "form":
            if let action = tag.attribute("action"), let origin = foreign(action) {
                found.append((action.line, action.column, "a form posting to \(origin) is refused (form-action 'self')"))
            }
        default:
            break
        }
        for attribute in tag.attributes {
            if attribute.name == "style" {
                found.append((attribute.line, attribute.column, "the style attribute is not applied; give the element a class and style it in the app's style.css"))
            } else if attribute.name.hasPrefix("on"), attribute.name.count > 2 {
                found.append((attribute.line, attribute.column, "the event handler \(attribute.name)= does not run; pages work without script (a link or a form's button)"))
            } else if isJavaScriptURL(attribute.value) {
                found.append((attribute.line, attribute.column, "the javascript: URL of \(attribute.name)= does not run; link to a screen, or post an action"))
            } else if loads(attribute.name, of: tag), let origin = foreign(attribute) {
                found.append((attribute.line, attribute.column, "<\(tag.name) \(attribute.name)> from \(origin) is not loaded; serve it from this server"))
            }
        }
        return found
    }

    /// Whether the browser fetches what `name` on `tag` names as a subresource (not a link the
    /// person follows), so the policy's fetch directives govern it.
    private static func loads(_ name: String, of tag: TemplateMarkup.Tag) -> Bool {
        switch (tag.name, name) {
        case ("script", "src"), ("form", "action"), ("base", "href"): false // said above
        case (_, "src"), (_, "srcset"), (_, "poster"), ("object", "data"): true
        case ("link", "href"):
            (tag.attribute("rel")?.value.lowercased().split(separator: " ") ?? []).contains {
                ["stylesheet", "icon", "preload", "modulepreload", "manifest", "apple-touch-icon", "prefetch"].contains($0)
            }
        default: false
        }
    }

    /// `https://cdn.example` or `a data: URL` for a value naming another origin than the page's,
    /// or nil for one of this server (relative, or filled in when rendering).
    private static func foreign(_ attribute: TemplateMarkup.Attribute) -> String? {
        let value = attribute.value.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        if value.hasPrefix("data:") { return "a data: URL" }
        guard value.hasPrefix("//") || value.hasPrefix("http://") || value.hasPrefix("https://") else { return nil }
        let afterScheme = value.components(separatedBy: "//").dropFirst().first ?? ""
        let host = afterScheme.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        guard !host.isEmpty, !host.contains("{") else { return attribute.isDynamic ? nil : "another origin" }
        let scheme = value.hasPrefix("//") ? "" : String(value.prefix { $0 != "/" })
        return scheme + "//" + host
    }

    /// Whether a URL's scheme is `javascript:`, as a browser reads it: leading spaces and tabs
    /// or newlines inside the scheme do not hide it (WHATWG URL §4.4).
    private static func isJavaScriptURL(_ value: String) -> Bool {
        let squeezed = value.lowercased().filter { !["\t", "\n", "\r"].contains($0) }.drop { $0 == " " || ($0.asciiValue ?? 0x21) < 0x21 }
        return squeezed.hasPrefix("javascript:")
    }
}
