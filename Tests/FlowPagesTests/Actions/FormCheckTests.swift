import FlowDefinition
@testable import FlowPages
import FlowPagesTestSupport
import Foundation
import Testing

/// A value's size is checked, in bytes, before any rule, normalisation or hash reads it.
@Suite struct FormCheckTests {
    static let portal = try! AppFolderLoader.load(folder: LiveApp.repository.appendingPathComponent("Views/reality-portal").path,
                                                   vocabulary: .served(with: .prototype)).get()

    func errors(_ form: String, _ values: [String: String]) -> [String: String] {
        FormCheck.errors(in: values, for: Self.portal.forms[form]!)
    }

    @Test func anEmailTakesAtMost254Bytes() {
        let long = String(repeating: "a", count: 242) + "@example.com"
        #expect(long.utf8.count == 254 && errors("login", ["email": long, "password": "x"]).isEmpty)
        #expect(errors("login", ["email": "a" + long, "password": "x"])["email"] == "An email address has at most 254 characters.")
        let megabyte = String(repeating: "\u{FF21}", count: 350_000) + "@example.com"
        #expect(errors("login", ["email": megabyte, "password": "x"])["email"] == "An email address has at most 254 characters.")
    }

    @Test func aFieldTakesItsDeclaredMaximumWithItsOwnMessage() {
        let message = "Keep the message under 2,000 characters."
        #expect(errors("new-inquiry", ["message": String(repeating: "é", count: 2_000)]).isEmpty, "characters, not bytes")
        #expect(errors("new-inquiry", ["message": String(repeating: "é", count: 2_001)])["message"] == message)
        #expect(errors("new-inquiry", ["message": String(repeating: "a", count: 1 << 20)])["message"] == message, "a megabyte, by its bytes alone")
    }

    @Test func aFieldWithoutOneTakesTheDocumentedDefault() {
        #expect(errors("new-inquiry", ["message": "Hello", "phone": String(repeating: "1", count: FormCheck.longestField)])["phone"] != nil,
                "its pattern still applies")
        let tooLong = errors("new-inquiry", ["message": "Hello", "phone": String(repeating: "1", count: FormCheck.longestField + 1)])
        #expect(tooLong["phone"] == "Use at most 1000 characters.")
        #expect(errors("new-inquiry", ["message": "Hello", "phone": String(repeating: "1", count: 1 << 20)])["phone"] == "Use at most 1000 characters.")
    }

    @Test func aValueTooLongToTakeIsNotKeptAsADraft() {
        let draft = FormCheck.draft(of: ["message": String(repeating: "a", count: 1 << 20), "phone": "+44 20"], for: Self.portal.forms["new-inquiry"]!)
        #expect(draft == ["phone": "+44 20"])
    }

    static let pantry = try! AppFolderLoader.load(folder: LiveApp.repository.appendingPathComponent("Tests/Apps/pantry").path,
                                                   vocabulary: .served(with: .prototype)).get()
    static let places: [ChoiceDefinition.Option] = [.init(value: "1", label: "Cupboard"), .init(value: "2", label: "Fridge")]

    func itemErrors(_ values: [String: String]) -> [String: String] {
        var values = values
        values["name"] = values["name"] ?? "Rice"
        values["quantity"] = values["quantity"] ?? "1"
        return FormCheck.errors(in: values, for: Self.pantry.forms["item"]!, options: ["place": Self.places])
    }

    @Test func aChoiceTakesOnlyItsOptions() {
        #expect(itemErrors(["place": "2", "unit": "tins", "uses": "breakfast\nbaking"]).isEmpty)
        #expect(itemErrors(["place": "9", "unit": "tins"])["place"] == "Choose one of the options given for Kept in.", "a record the page did not offer")
        #expect(itemErrors(["place": "1", "unit": "crates"])["unit"] == "Choose one of the options given for Counted in.")
        #expect(itemErrors(["place": "1", "unit": "tins\npacks"])["unit"] != nil, "one of, not two")
        #expect(itemErrors(["place": "1", "unit": "tins", "uses": "breakfast\nlunch"])["uses"] == "Choose from the options given for Used for.")
    }

    @Test func aRequiredChoiceNeedsOne() {
        let errors = itemErrors([:])
        #expect(errors["place"] == "Say where it is kept." && errors["unit"] == "Say what it is counted in.")
        #expect(errors["uses"] == nil, "check boxes that are not required may be left empty")
    }
}

