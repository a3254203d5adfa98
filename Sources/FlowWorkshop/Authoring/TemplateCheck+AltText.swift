import FlowPages
import Foundation
import HTMLTemplate

extension TemplateCheck {
    /// Every `<img>` of the app's own templates without an `alt` attribute, at its line and
    /// column: a screen reader would read out its file name. `alt=""` says it is decoration.
    func imagesWithoutAlt() -> [String] {
        let own = library.files.filter { $0.key.hasPrefix(app.id + "/") }.sorted { $0.key < $1.key }
        return own.flatMap { _, file -> [String] in
            guard let source = try? String(contentsOfFile: file, encoding: .utf8) else { return [] }
            let tags = (try? TemplateMarkup.tags(in: source, template: file)) ?? []
            return tags.filter { $0.name == "img" && $0.attribute("alt") == nil }.map { tag in
                "\(file):\(tag.line):\(tag.column): warning: <img> has no alt attribute, so a screen reader reads out its address; "
                    + "give it alt=\"what it shows\", or alt=\"\" if it is only decoration"
            }
        }
    }
}
