import Foundation
import Navigation

/// Loads `Views/<app-id>/app.xml` and checks everything the schema cannot: the navigation
/// definition (unknown owners, duplicate paths, undeclared path parameters…), that every
/// route's template exists, and that the folder's name is the app's id. Every problem is
/// reported at once with its file and line, never a crash.
public enum AppFolderLoader {
    /// Loads one app folder; what it names of FlowPages' own (effects, conventional alerts) is
    /// checked against `vocabulary`.
    public static func load(folder: String, vocabulary: AppVocabulary) -> Result<AppDefinition, FolderProblems> {
        let file = (folder as NSString).appendingPathComponent("app.xml")
        guard let data = FileManager.default.contents(atPath: file) else {
            return .failure(FolderProblems([FolderProblem(file: file, line: 1, message: "cannot be read; an app folder needs an app.xml")]))
        }
        switch XMLReader.read(Array(data), file: file, schema: AppSchema.relaxNG) {
        case .failure(let problems):
            return .failure(problems)
        case .success(let root):
            return AppXML(root: root, file: file, folder: folder, vocabulary: vocabulary).build()
        }
    }

    /// Loads every app folder under `views` (folders holding an `app.xml`); a broken folder is
    /// reported and the others still load.
    public static func loadAll(views: String, vocabulary: AppVocabulary) -> (apps: [AppDefinition], problems: [FolderProblem]) {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: views)) ?? []
        var apps: [AppDefinition] = []
        var problems: [FolderProblem] = []
        for entry in entries.sorted() where !entry.hasPrefix("_") && !entry.hasPrefix(".") {
            let folder = (views as NSString).appendingPathComponent(entry)
            guard FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent("app.xml")) else { continue }
            switch load(folder: folder, vocabulary: vocabulary) {
            case .success(let app): apps.append(app)
            case .failure(let found): problems += found.problems
            }
        }
        return (apps, problems)
    }
}
