import FlowPagesTestSupport
import Foundation
import Testing

/// Choice fields as a person meets them: a select from the app's data, a required radio group and
/// check boxes — in Pantry, an app written from the docs, and COIN's canvas header (seed 003 §4.2).
@Suite struct ChoiceFieldsLiveTests {
    @Test func anItemIsAddedWithItsChoices() throws {
        let app = try Fixtures.pantry()
        var browser = LiveBrowser(app)
        try browser.open("/pantry/")
        try browser.press("Add Item")
        let place = try #require(browser.page.field(labelled: "Kept in"))
        #expect(place.name == "select" && place.elements("option").map(\.content) == ["Choose…", "Cupboard", "Fridge", "Freezer"], "the app's data")
        let group = try #require(browser.page.root.elements("fieldset").first { $0.elements("legend").first?.content == "Counted in" })
        #expect(group.elements("input").map { $0["type"] ?? "" } == ["radio", "radio", "radio"])
        #expect(group.elements("label").map(\.content) == ["Packs", "Tins", "Jars or bottles"], "each label beside its control")
        try browser.press("Add", filling: ["Name": "Honey", "Quantity": "1", "Kept in": "2", "Counted in": "jars", "Used for": "breakfast\nbaking"])
        #expect(browser.page.toasts == ["“Honey” added."])
        try browser.click("Honey")
        let shown = Dictionary(uniqueKeysWithValues: zip(browser.page.root.elements("dt").map(\.content), browser.page.root.elements("dd").map(\.content)))
        #expect(shown["Kept in"] == "Fridge" && shown["Counted in"] == "jars" && shown["Used for"] == "breakfast baking", "\(shown)")
        // Editing it starts from what was chosen.
        try browser.press("Edit")
        #expect(browser.page.root.elements("option").first { $0["selected"] != nil }?.content == "Fridge")
        #expect(browser.page.root.elements("input").filter { $0["checked"] != nil }.compactMap { $0["value"] } == ["jars", "breakfast", "baking"])
    }

    @Test func aChoiceLeftOutOrNotOfferedIsAFieldErrorAndNothingIsSaved() throws {
        let app = try Fixtures.pantry()
        var browser = LiveBrowser(app)
        try browser.open("/pantry/")
        try browser.press("Add Item")
        try browser.press("Add", filling: ["Counted in": "tins"])
        #expect(browser.page.errors == ["Give the item a name.", "Say how many you have.", "Say where it is kept."])
        // What was picked is there again; the group says what is wrong.
        #expect(browser.page.root.elements("input").first { $0["value"] == "tins" }?["checked"] != nil)
        try browser.press("Add", filling: ["Name": "Flour", "Quantity": "2", "Kept in": "1", "Counted in": ""])
        #expect(browser.page.errors == ["Say what it is counted in."])
        let link = try #require(browser.page.root.all.first { $0.hasClass("error-summary") }?.elements("a").first?["href"])
        let first = try #require(browser.page.root.all.first { $0["id"] == String(link.dropFirst()) })
        #expect(first["type"] == "radio" && first["value"] == "packs", "the summary leads to the group's first option")
        let group = try #require(browser.page.root.elements("fieldset").first { $0.elements("legend").first?.content == "Counted in" })
        #expect(group["aria-describedby"]?.contains("item-unit-error") == true)
        // A value no page offered (a record that does not exist, an option not listed).
        let csrf = browser.hidden("csrf")
        for (place, unit) in [("99", "tins"), ("1", "crates")] {
            try browser.post("/pantry/_action/save-new", ["csrf": csrf, "screen": "/pantry/add", "form": "item", "name": "Salt", "quantity": "1",
                                                         "place": place, "unit": unit])
            #expect(browser.page.errors.count == 1, "\(place) \(unit): \(browser.page.errors)")
        }
        try browser.open("/pantry/items")
        #expect(!browser.page.root.elements("a").contains { $0.content == "Salt" }, "nothing saved")
    }

    @Test func theCanvasHeaderShowsTheProjectAndMovesTheCOIN() throws {
        let app = try LiveApp()
        var browser = LiveBrowser(app)
        try browser.open("/coin/coin/coin-1")
        let project = try #require(browser.page.field(labelled: "Project"))
        #expect(project.elements("option").first { $0["selected"] != nil }?.content == "Customer Onboarding Study")
        try browser.press("Save", filling: ["Project": "proj-456"])
        #expect(browser.page.toasts.count == 1)
        #expect(browser.page.root.elements("option").first { $0["selected"] != nil }?.content == "Checkout Redesign")
        try browser.open("/coin/project/proj-456")
        #expect(browser.page.root.elements("h2").contains { $0.content.contains("Onboarding Interviews") }, "listed under its new project")
        try browser.open("/coin/project/proj-123")
        #expect(!browser.page.root.elements("h2").contains { $0.content.contains("Onboarding Interviews") }, "and no longer under the old")
    }
}
