import FlowDefinition
import Testing

/// A `detent` attribute: the five names, or a plain height the generated stylesheet can write.
@Suite struct SheetDetentTests {
    @Test(arguments: [
        ("small", SheetDetent.small), ("medium", .medium), ("large", .large), ("extra-large", .extraLarge),
        ("full-screen", .fullScreen), ("40%", .custom("40%")), ("12.5rem", .custom("12.5rem")), ("320px", .custom("320px")),
    ])
    func aDetentIsReadByItsName(text: String, detent: SheetDetent) {
        #expect(SheetDetent(text) == detent)
    }

    @Test(arguments: ["", "half", "Medium", "0%", "101%", "-5%", "40 %", "1e3px", "40", "4001px", ".5rem", "5.5.5rem", "5.%", "٤٠%", "40%;color:red"])
    func anythingElseIsRefused(text: String) {
        #expect(SheetDetent(text) == nil)
    }

    @Test func aScreenReaderHearsItsHeight() {
        #expect(SheetDetent.medium.spokenLabel == "sheet, half height")
        #expect(SheetDetent.custom("40%").spokenLabel == "sheet, 40% of the screen's height")
        #expect(SheetDetent.custom("20rem").spokenLabel == "sheet, 20rem tall")
    }
}
