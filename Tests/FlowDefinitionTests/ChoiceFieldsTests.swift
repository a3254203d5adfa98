import FlowDefinition
import Foundation
import Testing

/// Choice fields (`select`, `radio`, `checkboxes`): their options listed or from a collection,
/// and every way to get them wrong said at its line.
@Suite struct ChoiceFieldsTests {
    static let app = """
        <?xml version="1.0" encoding="UTF-8"?>
        <app id="clinic" title="Clinic">
          <navigation><stack id="main" root="book"/></navigation>
          <routes><route name="book" path="/" title="Book" owner="main"/></routes>
          <data>
            <collection id="doctors" scope="app"><field name="name" required="true"/></collection>
          </data>
          <forms>
            <form id="booking">
              <field name="doctor" type="select" label="Doctor" options="doctors" option-label="name">
                <required message="Choose a doctor."/>
              </field>
              <field name="time" type="radio" label="Time">
                <option value="09:00" label="9 am"/>
                <option value="10:00" label="10 am"/>
                <required message="Choose a time."/>
                <one-of message="Choose one of the times shown."/>
              </field>
              <field name="needs" type="checkboxes" label="Anything we should know">
                <option value="step-free" label="Step-free access"/>
                <option value="interpreter" label="An interpreter"/>
              </field>
            </form>
          </forms>
        </app>
        """

    func load(_ xml: String) throws -> Result<AppDefinition, FolderProblems> {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("views-\(UUID().uuidString)/clinic")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(xml.utf8).write(to: folder.appendingPathComponent("app.xml"))
        try Data("<h1>x</h1>".utf8).write(to: folder.appendingPathComponent("book.html"))
        return AppFolderLoader.load(folder: folder.path, vocabulary: .test)
    }

    @Test func optionsAreListedOrTakenFromACollection() throws {
        let fields = try #require(try load(Self.app).get().forms["booking"]).fields
        #expect(fields[0].choice == ChoiceDefinition(kind: .select, options: [], source: .init(collection: "doctors", label: "name")))
        #expect(fields[1].choice?.options == [.init(value: "09:00", label: "9 am"), .init(value: "10:00", label: "10 am")])
        #expect(fields[1].rules.last == .oneOf(message: "Choose one of the times shown."))
        #expect(fields[2].isMultipleChoice && !fields[1].isMultipleChoice)
    }

    @Test(arguments: [
        (#"<option value="10:00" label="10 am"/>"#, #"<option value="09:00" label="Nine again"/>"#, #"<option value="09:00" label="Nine again"/>"#,
         "field 'time' lists the option value '09:00' twice; each option needs a value of its own"),
        (#"options="doctors" option-label="name""#, #"options="doctor" option-label="name""#, "<field name=\"doctor\"",
         "field 'doctor' takes its options from 'doctor', which is no collection of <data> (it has doctors)"),
        (#"options="doctors" option-label="name""#, #"options="doctors""#, "<field name=\"doctor\"",
         "field 'doctor' takes its options from 'doctors'; say which field each reads as with option-label=\"…\""),
        (#"options="doctors" option-label="name""#, #"options="doctors" option-label="title""#, "<field name=\"doctor\"",
         "field 'doctor' labels its options by 'title', which is no field of 'doctors' (it has name)"),
        (#"type="select" label="Doctor" options="doctors" option-label="name""#, #"type="select" label="Doctor""#, "<field name=\"doctor\"",
         "field 'doctor' is a select with nothing to choose from; list <option value label>s in it, or name a collection with options=\"…\" option-label=\"…\""),
        (#"type="radio" label="Time">"#, #"type="radio" label="Time" options="doctors" option-label="name">"#, "<field name=\"time\"",
         "field 'time' both lists <option>s and takes them from options=\"doctors\"; keep one"),
        (#"type="radio" label="Time">"#, #"type="text" label="Time">"#, #"<option value="09:00""#,
         "field 'time' is a text field and takes no <option>; make it type=\"select\", \"radio\" or \"checkboxes\""),
    ])
    func mistakesAreSaidAtTheirLine(original: String, replacement: String, anchor: String, message: String) throws {
        #expect(Self.app.contains(original), "the test's original text is not in the app")
        let changed = Self.app.replacingOccurrences(of: original, with: replacement)
        guard case .failure(let found) = try load(changed) else {
            Issue.record("loaded without a problem")
            return
        }
        let line = changed[..<changed.range(of: anchor)!.lowerBound].count(where: { $0 == "\n" }) + 1
        #expect(found.problems.map { "\($0.line): \($0.message)" }.contains("\(line): \(message)"), "\(found.problems)")
    }
}
