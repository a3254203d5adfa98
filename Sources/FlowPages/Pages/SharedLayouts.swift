import Foundation

/// Where the shared templates every screen extends or includes (`_layout/app`, `_layout/field`…)
/// come from: the views folder's own `_layout`, or else those FlowPages is installed with, so an
/// app folder kept anywhere (`flowpages check ~/my-app`) is checked and served as in `Views/`.
public enum SharedLayouts {
    /// The folder's name in a views folder, and the prefix of its templates' names.
    package static let name = "_layout"

    /// The shared layouts for the app folders of `views`: its own `_layout` when it has one,
    /// else ``installed``; nil when neither is found.
    public static func folder(for views: String) -> String? {
        let own = (views as NSString).appendingPathComponent(name)
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: own, isDirectory: &isFolder), isFolder.boolValue { return own }
        return installed
    }

    /// The `_layout` folder that travels with the running binary, found from the executable's
    /// own folder upwards: `Views/_layout` in a checkout (`.build/debug/flowpages`,
    /// `.build/release/flowpages`), `share/flowpages/Views/_layout` under an install prefix
    /// (`/usr/local/bin/flowpages` reads `/usr/local/share/flowpages/Views/_layout`), else the
    /// copy among the resources SwiftPM puts beside the binary (a build's products copied whole).
    public static let installed: String? = {
        guard let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() else { return nil }
        let folder = executable.deletingLastPathComponent()
        return layouts(above: folder) ?? bundled(beside: folder)
    }()

    /// The `_layout` among the resources SwiftPM puts beside the binary, as a build's products
    /// copied whole into any folder carry it.
    static func bundled(beside folder: URL) -> String? {
        BundledResources.path(name + "/app.html", beside: folder).map { ($0 as NSString).deletingLastPathComponent }
    }

    /// The first `Views/_layout` or `share/flowpages/Views/_layout` holding an `app.html` in
    /// `folder` or a folder above it.
    static func layouts(above folder: URL) -> String? {
        var current = folder.standardizedFileURL
        while true {
            for candidate in ["Views/\(name)", "share/flowpages/Views/\(name)"] {
                let layouts = current.appendingPathComponent(candidate)
                if FileManager.default.fileExists(atPath: layouts.appendingPathComponent("app.html").path) { return layouts.path }
            }
            let parent = current.deletingLastPathComponent()
            guard parent.path != current.path else { return nil }
            current = parent
        }
    }
}
