@testable import HTMLTemplate
import Testing

/// A model type's member names found by their index as by a scan: every name at its place, no
/// other name found, however the names share slots.
@Suite struct NameIndexTests {
    @Test(arguments: [1, 2, 13, 40, 300])
    func everyNameIsFoundAtItsPlaceAndNoOther(count: Int) {
        let names = (0..<count).map { "member\($0)" }
        let index = NameIndex(names)
        // Hundreds of names in a table of twice as many slots share first slots: probing finds each.
        #expect(index.slots.count >= 2 * count)
        for (position, name) in names.enumerated() {
            #expect(index.position(of: TemplateName(name), in: names) == position)
        }
        for missing in ["", "member", "member\(count)", "Member0", "member0 ", "héading"] {
            #expect(index.position(of: TemplateName(missing), in: names) == nil)
        }
    }
}
