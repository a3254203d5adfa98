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
        switch XMLReader.read(Array(data), file: file, schema: AppSchema.relaxNG, guide: AppSchema.guide) {
        case .failure(let problems):
            return .failure(problems)
        case .success(let root):
            return AppXML(root: root, file: file, folder: folder, vocabulary: vocabulary).build()
        }
    }

    /// Loads every app folder under `views` (folders holding an `app.xml`); a broken folder is
    /// reported and the others still load.
    public static func loadAll(views: String, vocabulary: AppVocabulary) -> (apps: [AppDefinition], problems: [FolderProblem]) {
        var apps: [AppDefinition] = []
        var problems: [FolderProblem] = []
        for (_, result) in loadEach(views: views, vocabulary: vocabulary) {
            switch result {
            case .success(let app): apps.append(app)
            case .failure(let found): problems += found.problems
            }
        }
        return (apps, problems)
    }

    /// Loads every app folder under `views`, each by its folder's name (the app's id when it
    /// loads), in the order of their names.
    public static func loadEach(views: String, vocabulary: AppVocabulary) -> [(folder: String, result: Result<AppDefinition, FolderProblems>)] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: views)) ?? []
        return entries.sorted().compactMap { entry in
            guard !entry.hasPrefix("_"), !entry.hasPrefix(".") else { return nil }
            let folder = (views as NSString).appendingPathComponent(entry)
            guard FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent("app.xml")) else { return nil }
            return (entry, load(folder: folder, vocabulary: vocabulary))
        }
    }
}
