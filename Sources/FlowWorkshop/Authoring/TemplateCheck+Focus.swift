import FlowPages
import Foundation
import HTMLTemplate

extension TemplateCheck {
    /// Every `autofocus` in the app's own templates, at its line and column. A page moves focus
    /// on arrival to its heading, or its error summary after a refused submit (`_layout/app`);
    /// focus put in a field instead starts a screen reader in its focus mode before the page's
    /// title and heading are read, and the keys meant to move by heading type into the field.
    func autofocusedElements() -> [String] {
        let own = library.files.filter { $0.key.hasPrefix(app.id + "/") }.sorted { $0.key < $1.key }
        return own.flatMap { _, file -> [String] in
            guard let source = try? String(contentsOfFile: file, encoding: .utf8) else { return [] }
            let tags = (try? TemplateMarkup.tags(in: source, template: file)) ?? []
            return tags.compactMap { $0.attribute("autofocus") }.map { attribute in
                "\(file):\(attribute.line):\(attribute.column): warning: autofocus takes a screen reader past the page's title and heading "
                    + "(into a field, where the keys meant to move by heading type into it); remove it: the page focuses its heading, "
                    + "or its error summary after a refused submit"
            }
        }
    }
}
