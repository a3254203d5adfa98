import FlowPages
import Foundation
import HTMLTemplate

extension TemplateCheck {
    /// Every `autofocus` in the app's own templates, at its line and column. A page moves focus
    /// on arrival to its heading, or its error summary after a refused submit (`_layout/app`);
    /// focus put in a field instead starts a screen reader in its focus mode before the page's
    /// title and heading are read, and the keys meant to move by heading type into the field.
    func autofocusedElements() -> [String] {
        ownTags().flatMap { file, tags in
            tags.compactMap { $0.attribute("autofocus") }.map { attribute in
                "\(file):\(attribute.line):\(attribute.column): warning: autofocus takes a screen reader past the page's title and heading "
                    + "(into a field, where the keys meant to move by heading type into it); remove it: the page focuses its heading, "
                    + "or its error summary after a refused submit"
            }
        }
    }
}
