import Foundation
import Testing

/// App folders and files several web tests share, each made fresh where a test changes it.
package enum Fixtures {
    /// The apps of the repository's `Views/`, by id.
    package static let apps = ["coin", "reality-portal", "suma-finance", "swiftuiflow-demo"]

    /// A PNG's signature and 3,000 bytes: what an image upload or an app's image is checked with.
    package static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 42, count: 3000)

    /// `Tests/Apps/pantry`, written from `Views/README.md` alone, served from a copy: tabs, a list
    /// from `db.json`, a detail, add and edit forms with rules, a sheet, a guarded tab, alerts,
    /// toasts, a deep link.
    package static func pantry() throws -> LiveApp {
        let views = FileManager.default.temporaryDirectory.appendingPathComponent("pantry-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: views, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: LiveApp.repository.appendingPathComponent("Views/_layout"), to: views.appendingPathComponent("_layout"))
        try FileManager.default.copyItem(at: LiveApp.repository.appendingPathComponent("Tests/Apps/pantry"), to: views.appendingPathComponent("pantry"))
        return try LiveApp(views: views.path)
    }

    /// `Views/README.md`'s complete example's files, by name: each `#### \`notes/<file>\`` heading
    /// and the fenced block under it.
    package static func readmeExampleFiles() throws -> [String: String] {
        let readme = try String(contentsOf: LiveApp.repository.appendingPathComponent("Views/README.md"), encoding: .utf8)
        let section = try #require(readme.range(of: "## A complete example")).upperBound
        var files: [String: String] = [:]
        var lines = readme[section...].split(separator: "\n", omittingEmptySubsequences: false)[...]
        while let heading = lines.first {
            lines = lines.dropFirst()
            guard heading.hasPrefix("#### `notes/"), heading.hasSuffix("`") else { continue }
            let name = String(heading.dropFirst("#### `notes/".count).dropLast())
            lines = lines.drop { !$0.hasPrefix("```") }.dropFirst()
            let body = lines.prefix { $0 != "```" }
            files[name] = body.joined(separator: "\n") + "\n"
            lines = lines.dropFirst(body.count + 1)
        }
        return files
    }

    /// A views folder holding `Views/README.md`'s complete example (`notes/`) and the shared layouts.
    package static func readmeExample() throws -> URL {
        let views = FileManager.default.temporaryDirectory.appendingPathComponent("readme-example-\(UUID().uuidString)")
        let notes = views.appendingPathComponent("notes")
        try FileManager.default.createDirectory(at: notes, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: LiveApp.repository.appendingPathComponent("Views/_layout"), to: views.appendingPathComponent("_layout"))
        for (name, text) in try readmeExampleFiles() { try text.write(to: notes.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        return views
    }
}
