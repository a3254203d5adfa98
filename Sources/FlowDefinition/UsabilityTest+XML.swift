import Navigation

extension UsabilityTest {
    /// The test as `app.xml` declares it: a `<test>` element, its attributes escaped, one
    /// mission or question a line — what a team made in the browser copies into its folder, and
    /// what the store keeps of it.
    public var xml: String {
        var lines = ["<test id=\"\(Self.escaped(id))\" name=\"\(Self.escaped(name))\" intro=\"\(Self.escaped(intro))\">"]
        for mission in missions {
            let limit = mission.timeLimit.map { " time-limit=\"\($0)\"" } ?? ""
            lines.append("  <mission id=\"\(Self.escaped(mission.id))\" start=\"\(Self.escaped(mission.start))\"\(limit) task=\"\(Self.escaped(mission.task))\">")
            for success in mission.successes { lines.append("    <success route=\"\(Self.escaped(success.rawValue))\"/>") }
            for path in mission.expectedPaths {
                lines.append("    <expected-path routes=\"\(Self.escaped(path.map(\.rawValue).joined(separator: " ")))\"/>")
            }
            lines.append("  </mission>")
        }
        for question in questions {
            switch question {
            case .choice(let id, let text, let choices):
                lines.append("  <choice-question id=\"\(Self.escaped(id))\" text=\"\(Self.escaped(text))\">")
                for choice in choices { lines.append("    <choice label=\"\(Self.escaped(choice))\"/>") }
                lines.append("  </choice-question>")
            case .text(let id, let text): lines.append("  <text-question id=\"\(Self.escaped(id))\" text=\"\(Self.escaped(text))\"/>")
            case .systemUsabilityScale: lines.append("  <sus/>")
            case .assistiveTechnology: lines.append("  <assistive-technology-question/>")
            }
        }
        lines.append("</test>")
        return lines.joined(separator: "\n")
    }

    /// The one `<test>` of `xml`, checked as `app.xml`'s are against `app`'s routes: the same
    /// problems, with their lines in `xml` and `file` for the file's name.
    public static func read(xml: String, for app: AppDefinition, file: String) -> Result<UsabilityTest, FolderProblems> {
        let wrapped = "<app><usability-tests>" + xml + "</usability-tests></app>"
        let root: XMLElement
        switch XMLReader.read(Array(wrapped.utf8), file: file) {
        case .success(let read): root = read
        case .failure(let problems): return .failure(problems)
        }
        let tests = root.child("usability-tests")?.children("test") ?? []
        guard tests.count == 1 else { return .failure(FolderProblems([FolderProblem(file: file, line: 1, message: "holds \(tests.count) tests; give it one <test>")])) }
        var reader = AppXML(root: root, file: file, folder: "", vocabulary: AppVocabulary(effects: [:], alerts: [:], icons: []))
        let read = reader.readUsabilityTests(routes: Set(app.navigation.routes.map(\.name.rawValue)))
        guard reader.problems.isEmpty, let test = read.first else { return .failure(FolderProblems(reader.problems)) }
        return .success(test)
    }

    private static func escaped(_ text: String) -> String {
        XMLEscaping.escaped(text)
    }
}
