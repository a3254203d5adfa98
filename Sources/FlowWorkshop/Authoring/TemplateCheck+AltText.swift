import FlowPages
import Foundation
import HTMLTemplate

extension TemplateCheck {
    /// Every `<img>` of the app's own templates without an `alt` attribute, at its line and
    /// column: a screen reader would read out its file name. `alt=""` says it is decoration.
    func imagesWithoutAlt() -> [String] {
        ownTags().flatMap { file, tags in
            tags.filter { $0.name == "img" && $0.attribute("alt") == nil }.map { tag in
                "\(file):\(tag.line):\(tag.column): warning: <img> has no alt attribute, so a screen reader reads out its address; "
                    + "give it alt=\"what it shows\", or alt=\"\" if it is only decoration"
            }
        }
    }

    /// The tags of each of the app's own templates (not the shared layouts'), by file path in
    /// name order; a file that cannot be read or parsed has none.
    func ownTags() -> [(file: String, tags: [TemplateMarkup.Tag])] {
        library.files.filter { $0.key.hasPrefix(app.id + "/") }.sorted { $0.key < $1.key }.map { _, file in
            let source = try? String(contentsOfFile: file, encoding: .utf8)
            return (file, source.flatMap { try? TemplateMarkup.tags(in: $0, template: file) } ?? [])
        }
    }
}
