import Navigation
import NavigationFixtures
import Testing

/// A form's draft belongs to the screen it was typed on and lasts as long as the state holds that
/// screen: popped, dismissed with its modal, or in a flow left, it is forgotten — so drafts of
/// screens left never fill the limit, and a screen opened again starts clean.
@Suite struct FormDraftTests {
    static func listing(_ id: String) -> RouteInstance { RouteInstance("listing", ["id": id]) }

    /// Keeps `fields` as the draft of `form` on the walk's current screen, as a post from it does.
    static func type(_ fields: [String: String], into form: String, _ walk: inout Walk) throws {
        var state = walk.state
        try state.saveDraft(fields, form: form, on: walk.current)
        walk = Walk(walk.definition, from: state)
    }

    @Test func aDraftIsItsScreensOnly() throws {
        var walk = Walk(Fixtures.realityPortal)
        walk.go("listing", ["id": "1"])
        try Self.type(["message": "Is it quiet?"], into: "inquiry", &walk)
        walk.go("listing", ["id": "2"])
        #expect(walk.state.draft(of: "inquiry", on: walk.current) == nil, "listing 2 shares the form, not listing 1's draft")
        #expect(walk.state.draft(of: "inquiry", on: Self.listing("1")) == ["message": "Is it quiet?"], "listing 1 is still beneath")
        walk.run(.back)
        #expect(walk.state.draft(of: "inquiry", on: Self.listing("1")) == ["message": "Is it quiet?"])
        walk.run(.back)
        #expect(walk.state.formDrafts.isEmpty, "popped, listing 1 takes its draft with it")
        walk.go("listing", ["id": "1"])
        #expect(walk.state.draft(of: "inquiry", on: walk.current) == nil, "opened again, it starts clean")
    }

    @Test func draftsOfScreensLeftNeverFillTheLimit() throws {
        var walk = Walk(Fixtures.realityPortal)
        for id in 1...(3 * NavigationState.maximumDraftForms) {
            walk.go("listing", ["id": String(id)])
            try Self.type(["message": "About \(id)"], into: "inquiry", &walk)
            walk.run(.back)
        }
        #expect(walk.state.formDrafts.isEmpty)
        // Screens still held keep theirs, up to the limit.
        for id in 1...NavigationState.maximumDraftForms {
            walk.go("listing", ["id": String(id)])
            try Self.type(["message": "About \(id)"], into: "inquiry", &walk)
        }
        walk.go("listing", ["id": "one more"])
        var state = walk.state
        #expect(throws: NavigationError.draftTooLarge(form: "inquiry", reason: "drafts are already kept for 16 forms")) {
            try state.saveDraft(["message": "One more"], form: "inquiry", on: walk.current)
        }
    }

    @Test func aTabKeepsItsScreensDraftsUntilPoppedAndAModalForgetsItsOwn() throws {
        var walk = Walk(Fixtures.realityPortal)
        walk.run(.signIn(userID: "u1"))
        walk.run(.selectTab("search"))
        walk.go("search.results", ["query": "loft"])
        try Self.type(["query": "loft"], into: "refine", &walk)
        walk.run(.selectTab("home"))
        walk.go("new-inquiry", ["listingId": "1"])
        try Self.type(["message": "Hello"], into: "inquiry", &walk)
        walk.run(.dismissModal)
        #expect(Array(walk.state.formDrafts.keys) == [RouteInstance("search.results", ["query": "loft"])], "the modal's draft went with it; the other tab's stayed")
        walk.run(.selectTab("search"))
        #expect(walk.state.draft(of: "refine", on: walk.current) == ["query": "loft"])
        walk.run(.selectTab("search"))
        #expect(walk.state.formDrafts.isEmpty, "the tab popped to its root")
    }

    @Test func aFlowLeftAndSigningOutForgetTheirDrafts() throws {
        var walk = Walk(Fixtures.suma)
        walk.run(.changeFlow("auth"))
        try Self.type(["email": "test@example.com"], into: "login", &walk)
        walk.run(.changeFlow("main"))
        #expect(walk.state.formDrafts.isEmpty, "the auth flow's screens are gone")
        walk.run(.signIn(userID: "test@example.com"))
        walk.run(.selectTab("profile"))
        try Self.type(["name": "Al"], into: "edit-profile", &walk)
        var state = walk.state
        try state.saveDraft(["account": "7"], form: "memory", outlivesModal: true)
        walk = Walk(walk.definition, from: state)
        walk.run(.selectTab("home"))
        #expect(walk.state.drafts["memory"] == ["account": "7"], "a draft kept by name outlives screens")
        walk.run(.signOut())
        #expect(walk.state.formDrafts.isEmpty && walk.state.drafts.isEmpty)
    }

    @Test func clearingADraftLeavesOtherScreensAndForms() throws {
        var state = Fixtures.realityPortal.initialState
        try state.saveDraft(["a": "1"], form: "one", on: Self.listing("1"))
        try state.saveDraft(["b": "2"], form: "two", on: Self.listing("1"))
        try state.saveDraft(["a": "3"], form: "one", on: Self.listing("2"))
        state.clearDraft(form: "one", on: Self.listing("1"))
        #expect(state.formDrafts == [Self.listing("1"): ["two": ["b": "2"]], Self.listing("2"): ["one": ["a": "3"]]])
        state.clearDraft(form: "two", on: Self.listing("1"))
        #expect(state.formDrafts == [Self.listing("2"): ["one": ["a": "3"]]])
    }
}
