import FlowDefinition
import Foundation
import HTMLTemplate

/// The templates of a views folder, compiled together: `Views/suma-finance/login.html` is the
/// template `suma-finance/login`, `Views/_layout/app.html` is `_layout/app`.
package struct TemplateLibrary: Sendable {
    /// The compiled templates.
    package let set: TemplateSet
    /// The file each template came from, by name.
    package let files: [String: String]

    /// Why a views folder could not be loaded: every problem, with its file, line and column.
    package struct LoadError: Error, CustomStringConvertible {
        /// Every problem found, with the file's path.
        package let problems: [FolderProblem]
        /// One line per problem, `file:line:col: message`.
        package var lines: [String] { problems.map(\.description) }
        /// The lines, one below the other.
        package var description: String { lines.joined(separator: "\n") }
    }

    /// Reads every `.html` file under `views` and compiles them, with the shared layouts of
    /// `layouts` as `_layout/…`.
    /// - Throws: ``LoadError`` listing every problem, with the file's path.
    /// - Parameters:
    ///   - layouts: The folder of the shared templates (`app.html`, `field.html`…); by default
    ///     the views folder's own `_layout`, or without one those FlowPages is installed with
    ///     (``SharedLayouts/folder(for:)``).
    ///   - including: which templates to load, by name (all by default), so that one app's
    ///     broken template does not stop another app. It is asked first about each folder, as
    ///     `folder/`, whose files are not read when it says no.
    package static func load(
        views: String, layouts: String? = nil, helpers: [String: Helper] = TemplateHelpers.helpers(urls: nil), options: TemplateOptions = TemplateOptions(),
        including: (String) -> Bool = { _ in true }
    ) throws(LoadError) -> TemplateLibrary {
        let root = URL(fileURLWithPath: views).standardizedFileURL
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isFolder), isFolder.boolValue,
              let entries = try? FileManager.default.contentsOfDirectory(atPath: root.path) else {
            throw LoadError(problems: [FolderProblem(file: views, line: 1, message: "not a readable folder")])
        }
        var found: [(name: String, path: String, url: URL)] = []
        for entry in entries.sorted() where entry != SharedLayouts.name && including(entry + "/") {
            found += htmlFiles(in: root, entry: entry).map { (String($0.relative.dropLast(".html".count)), (views as NSString).appendingPathComponent($0.relative), $0.url) }
        }
        if let layouts = layouts ?? SharedLayouts.folder(for: views), including(SharedLayouts.name + "/") {
            let folder = URL(fileURLWithPath: layouts).standardizedFileURL
            found += htmlFiles(in: folder.deletingLastPathComponent(), entry: folder.lastPathComponent).map { file in
                let inside = file.relative.dropFirst(folder.lastPathComponent.count + 1)
                return (SharedLayouts.name + "/" + inside.dropLast(".html".count), (layouts as NSString).appendingPathComponent(String(inside)), file.url)
            }
        }
        var sources: [String: String] = [:]
        var files: [String: String] = [:]
        var unreadable: [FolderProblem] = []
        for (name, path, url) in found where including(name) {
            guard let source = try? String(contentsOf: url, encoding: .utf8) else {
                unreadable.append(FolderProblem(file: path, line: 1, message: "not readable as UTF-8"))
                continue
            }
            sources[name] = source
            files[name] = path
        }
        guard unreadable.isEmpty else { throw LoadError(problems: unreadable.sorted()) }
        do {
            return TemplateLibrary(set: try TemplateSet(templates: sources, helpers: helpers, options: options), files: files)
        } catch {
            throw LoadError(problems: error.errors.map { located($0, files: files) })
        }
    }

    /// The `.html` files of the views folder's `entry`, as paths relative to `root` with their
    /// URLs. An app folder linked into the views folder (`ln -s ~/my-app Views/my-app`) is read
    /// through its link, as the app loader reads its `app.xml`.
    private static func htmlFiles(in root: URL, entry: String) -> [(relative: String, url: URL)] {
        let url = root.appendingPathComponent(entry)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else { return [] }
        guard isFolder.boolValue else { return url.pathExtension == "html" ? [(entry, url)] : [] }
        let target = url.resolvingSymlinksInPath().standardizedFileURL
        guard let enumerator = FileManager.default.enumerator(at: target, includingPropertiesForKeys: nil) else { return [] }
        return enumerator.compactMap { item in
            guard let file = item as? URL, file.pathExtension == "html" else { return nil }
            return (entry + "/" + file.standardizedFileURL.path.dropFirst(target.path.count + 1), file)
        }
    }

    /// A template error with the template's file in place of its name.
    package static func located(_ error: TemplateError, files: [String: String]) -> FolderProblem {
        FolderProblem(file: files[error.template] ?? error.template, line: error.line, column: error.column, message: error.message)
    }

    /// The template name for `reference`, which may also be a file path such as `Views/x/y.html`.
    package func templateName(for reference: String) -> String {
        if let entry = files.first(where: { $0.value == reference || URL(fileURLWithPath: $0.value).standardizedFileURL == URL(fileURLWithPath: reference).standardizedFileURL }) {
            return entry.key
        }
        return reference.hasSuffix(".html") ? String(reference.dropLast(5)) : reference
    }
}
