import FlowDefinition
import Foundation
import Testing

/// The app folders under Views/ load with every check. (Views/README.md's example is checked,
/// served and walked by ReadmeExampleTests.)
@Suite struct ShippedFoldersTests {
    static let views = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Views").path

    @Test func everyShippedAppFolderIsValid() {
        let (apps, problems) = AppFolderLoader.loadAll(views: Self.views, vocabulary: .test)
        #expect(problems.isEmpty, "\(problems)")
        let folders = ((try? FileManager.default.contentsOfDirectory(atPath: Self.views)) ?? [])
            .filter { FileManager.default.fileExists(atPath: "\(Self.views)/\($0)/app.xml") }
        #expect(apps.count == folders.count)
    }

    /// Editors validate and complete app.xml against this file (Views/README.md says how); it is
    /// the schema FlowPages itself reads, written by `flowpages check --schema > Views/app.rng`.
    @Test func theEditorsSchemaIsTheOneFlowPagesReads() throws {
        let file = try String(contentsOfFile: Self.views + "/app.rng", encoding: .utf8)
        #expect(file == AppSchema.relaxNG + "\n", "run: swift run flowpages check --schema > Views/app.rng")
    }
}
