import FlowDefinition
import FlowPagesTestSupport
@testable import FlowWorkshop
import Foundation
import Testing

/// The usability tests the shipped apps declare start where a tester can be put: each mission's
/// start is a state the audit's inventory lists, and one it can open.
@Suite struct ShippedUsabilityTestsLiveTests {
    @Test(arguments: Fixtures.apps) func everyMissionStartsInAStateTheInventoryOpens(app id: String) throws {
        let live = try LiveApp()
        let tests = try AuditInventoryLiveTests.definition(id, in: live).usabilityTests
        guard !tests.isEmpty else { return }
        let openable = Set(try AuditWalkLiveTests.states(of: id, in: live).filter { $0["openable"] as? Bool == true }.compactMap { $0["id"] as? String })
        for test in tests {
            for mission in test.missions {
                #expect(openable.contains(mission.start), "\(id): mission '\(mission.id)' of '\(test.id)' starts in '\(mission.start)'")
            }
        }
    }

    @Test func sumaFinanceShipsAThreeMissionTest() throws {
        let tests = try AuditInventoryLiveTests.definition("suma-finance", in: try LiveApp()).usabilityTests
        #expect(tests.map(\.id) == ["first-look"])
        #expect(tests.first?.missions.count == 3)
        #expect(tests.first?.questions.contains(.systemUsabilityScale) == true)
        #expect(tests.first?.questions.contains(.assistiveTechnology) == true)
    }

    @Test func aTestWrittenAsAppXMLReadsBackTheSame() throws {
        let app = try AuditInventoryLiveTests.definition("suma-finance", in: try LiveApp())
        let test = try #require(app.usabilityTests.first)
        #expect(try UsabilityTest.read(xml: test.xml, for: app, file: "copy").get() == test)
        let odd = UsabilityTest(id: "odd", name: "Quotes \" & <angles>", intro: "Line one\nline two", missions: test.missions, questions: [
            .choice(id: "c", text: "A & B?", choices: ["\"Yes\"", "<No>"]), .text(id: "t", text: "Tabs\there"),
        ])
        #expect(try UsabilityTest.read(xml: odd.xml, for: app, file: "copy").get() == odd, "every character survives the trip")
    }
}
