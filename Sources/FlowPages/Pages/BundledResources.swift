import Foundation

/// The resources SwiftPM puts beside the `flowpages` binary (`FlowPages_flowpages.resources`: the
/// audit pass, the shared layouts, the public folder), found by path so a build's products copied
/// whole into any folder carry them — and a binary copied alone is told, not crashed.
public enum BundledResources {
    /// The path of `relative` (`AuditPass/run.sh`, `_layout/app.html`) in a resource bundle of
    /// the folder `folder`; nil when no bundle there has it.
    public static func path(_ relative: String, beside folder: URL) -> String? {
        let bundles = (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.filter { $0.hasSuffix("_flowpages.resources") } ?? []
        return bundles.sorted().map { folder.appendingPathComponent($0 + "/" + relative).path }.first { FileManager.default.fileExists(atPath: $0) }
    }
}
