@testable import FlowDefinition
import Foundation
import Testing

/// What `flowpages check` and the broken-app page say about an app.xml the schema rejects: every
/// problem of the file at once, each at its line and column, in words that say what to write.
@Suite struct SchemaGuideTests {
    static let views = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Views")

    /// The problems of `AppFolderLoaderTests.valid` changed by `edits`, as `line:col: message`.
    func problems(_ edits: [(String, String)]) throws -> [String] {
        var xml = AppFolderLoaderTests.valid
        for (original, replacement) in edits {
            #expect(xml.contains(original), "the fixture has \(original)")
            xml = xml.replacingOccurrences(of: original, with: replacement)
        }
        let folder = try AppFolderLoaderTests().makeFolder(xml: xml, templates: [])
        guard case .failure(let found) = AppFolderLoader.load(folder: folder, vocabulary: .test) else { return [] }
        return found.problems.map { "\($0.line):\($0.column ?? 0): \($0.message)" }
    }

    @Test(arguments: [
        ("<param name=\"id\" type=\"integer\"/>", "<param name=\"id\" type=\"int\"/>", "16:24: <param> does not take type=\"int\"; use string, integer or boolean"),
        ("deep-link=\"true\"", "deep-link=\"yes\"", "15:90: <route> does not take deep-link=\"yes\"; use true or false"),
        ("depth-limit=\"3\"", "depth-limit=\"none\"", "9:96: <tab> does not take depth-limit=\"none\"; use a whole number from 1 up"),
        ("<app id=\"shop\"", "<app id=\"Shop!\"", "2:6: <app> does not take id=\"Shop!\"; use lowercase letters, digits and hyphens, starting with a letter or digit, as in suma-finance"),
        ("presentation=\"replace\"", "presentation=\"repalce\"", "20:77: <route> does not take presentation=\"repalce\"; use push, replace, replace-stack, sheet, full-screen, form-sheet or alert (did you mean presentation=\"replace\"?)"),
    ])
    func aValueNamesWhatTheAttributeTakes(original: String, replacement: String, expected: String) throws {
        let found = try problems([(original, replacement)])
        #expect(found == [expected], "\(found)")
    }

    @Test func aMisspeltAttributeGetsADidYouMean() throws {
        #expect(try problems([("icon=\"house.fill\"", "icno=\"house.fill\"")]) == ["8:47: <tab> has no attribute icno; did you mean icon?"])
        #expect(try problems([("<sign-in route=\"login\"/>", "<sign-in route=\"login\" colour=\"red\"/>")])
            == ["5:26: <sign-in> has no attribute colour; it takes route, signed-in-flow and signed-out-flow"])
    }

    @Test func aMissingAttributeIsNamedAtItsElement() throws {
        #expect(try problems([("<tab id=\"home\" root=\"home\" title=\"Home\"", "<tab root=\"home\"")]) == ["8:7: <tab> needs id=\"…\" and title=\"…\""])
    }

    @Test func elementsOutOfOrderAreToldTheOrder() throws {
        let found = try problems([("<sign-in route=\"login\"/>\n", ""), ("</navigation>\n", "</navigation>\n  <sign-in route=\"login\"/>\n")])
        #expect(found == ["12:3: <sign-in> cannot come after <navigation> in <app>, whose elements go in this order: (link-scheme | link-host | apple-app | android-app)*, sign-in?, navigation, routes, data?, forms?, actions?, alerts?, toasts?, fixtures?, usability-tests?"])
    }

    @Test func misspeltMisplacedAndRepeatedElementsAreEachExplained() throws {
        let found = try problems([
            ("<routes>", "<routs>"), ("</routes>", "</routs>"),
            ("<modal id=\"login-sheet\" root=\"login\"/>", "<modal id=\"login-sheet\" root=\"login\"/>\n      <route name=\"x\" path=\"/x\" title=\"X\" owner=\"home\"/>"),
            ("</navigation>", "</navigation>\n  <navigation><stack id=\"s\" root=\"home\"/></navigation>"),
        ])
        #expect(found == [
            "11:7: <route> does not belong in <tabs>: it goes in <routes>; <tabs> holds tab+, modal*",
            "14:3: <app> holds one <navigation>, and has one on line 6 already",
            "15:3: <routs> is not an element of app.xml; did you mean <routes>?",
        ])
    }

    @Test func aLeftOutElementIsNamedWhereItWasExpected() throws {
        let xml = AppFolderLoaderTests.valid
        let routes = try #require(xml.range(of: "  <routes>")).lowerBound
        let end = try #require(xml.range(of: "</routes>\n")).upperBound
        let found = try problems([(String(xml[routes..<end]), "")])
        #expect(found.count == 1 && found[0].hasSuffix("<app> is missing <routes> before <data>"), "\(found)")
    }

    @Test func everyProblemOfTheFileIsReportedNotOnlyTheFirst() throws {
        let found = try problems([
            ("icon=\"house.fill\"", "icno=\"house.fill\""),
            ("<param name=\"id\" type=\"integer\"/>", "<param name=\"id\" type=\"int\"/>"),
            ("presentation=\"replace\"", "presentation=\"repalce\""),
            ("<where field=\"status\" value=\"open\"/>", "<where field=\"status\"/>"),
        ])
        #expect(found.map { $0.prefix(3) } == ["8:4", "16:", "20:", "25:"], "\(found)")
        #expect(found.last?.hasSuffix("<where> needs one of value=\"…\" or param=\"…\"") == true)
    }

    @Test func twoAttributesOfOneChoiceAreNamedBoth() throws {
        let found = try problems([("<where field=\"status\" value=\"open\"/>", "<where field=\"status\" value=\"open\" param=\"status\"/>")])
        #expect(found.count == 1 && found[0].hasSuffix("<where> takes only one of value or param, and has value and param"), "\(found)")
    }

    @Test func aValidDocumentHasNothingToExplain() throws {
        let guide = try #require(AppSchema.guide, "the guide reads the whole app.xml schema")
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.views.path).filter { FileManager.default.fileExists(atPath: "\(Self.views.path)/\($0)/app.xml") }
        #expect(folders.count >= 4)
        for document in folders.map({ "\(Self.views.path)/\($0)/app.xml" }) + [nil] {
            let bytes = try document.map { Array(try Data(contentsOf: URL(fileURLWithPath: $0))) } ?? Array(AppFolderLoaderTests.valid.utf8)
            let root = try XMLReader.read(bytes, file: "app.xml").get()
            #expect(guide.problems(in: root, file: "app.xml", source: XMLReader.SourceLines(bytes)).isEmpty, "\(document ?? "the test fixture")")
        }
    }
}
