import Foundation
import Navigation
import NavigationFixtures
import Testing

@Suite struct NavigationStateTests {
    /// A state with every field set.
    static func busyState() -> NavigationState {
        var walk = Walk(Fixtures.realityPortal)
        walk.run(.signIn(userID: "u\"ser\n\u{1}"))
        walk.run(.selectTab("search"))
        walk.go("search.results", ["query": "loft ✨ \\ \"quoted\""])
        walk.go("new-inquiry", ["listingId": "123"])
        var state = walk.state
        state.flags = ["zeta", "alpha", "onboarding-seen"]
        try! state.saveDraft(["email": "new@example.com", "name": "Al"], form: "register")
        try! state.saveDraft(["q": "x"], form: "search")
        try! state.saveDraft(["message": "Is it \"quiet\"?\n"], form: "inquiry", on: RouteInstance("new-inquiry", ["listingId": "123"]))
        try! state.saveDraft(["query": "loft"], form: "refine", on: RouteInstance("search.results", ["query": "loft ✨ \\ \"quoted\""]))
        state.alert = Notice("session-expired")
        state.toasts = [Notice("verification-sent", values: ["email": "new@example.com"])]
        state.formErrors = Notice("register", values: ["email": "Enter a valid email address."])
        state.motion = .present
        return state
    }

    @Test func encodingIsCanonicalAndReadable() throws {
        let state = Self.busyState()
        let bytes = state.encoded()
        #expect(try NavigationState(encoded: bytes) == state)
        // Equal states encode equally however their sets and dictionaries were built.
        var rebuilt = try NavigationState(encoded: bytes)
        rebuilt.flags = ["onboarding-seen", "alpha", "zeta"]
        #expect(rebuilt.encoded() == bytes)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix(#"{"v":1,"#))
        #expect(text.contains(#""flags":["alpha","onboarding-seen","zeta"]"#))
        #expect(text.contains(#""user":"u\"ser\u000a\u0001""#))
        #expect(text.hasSuffix(#","motion":"present"}"#))
        // A motion a later version names is none here: it only animates a page.
        #expect(try NavigationState(encoded: Array(text.replacingOccurrences(of: #""motion":"present""#, with: #""motion":"spin""#).utf8)).motion == nil)
        #expect(text.contains(#""formDrafts":[{"s":{"r":"new-inquiry","p":{"listingId":"123"}},"f":{"inquiry":{"message":"Is it \"quiet\"?\u000a"}}},"#))
    }

    @Test func formDraftsEncodeInOneOrderHoweverTheyWereKept() throws {
        let screens = [RouteInstance("b"), RouteInstance("a", ["x": "2"]), RouteInstance("a", ["x": "1", "y": "0"]), RouteInstance("a", ["x": "1"])]
        var forwards = Fixtures.coin.initialState, backwards = forwards
        for screen in screens { try forwards.saveDraft(["f": screen.description], form: "form", on: screen) }
        for screen in screens.reversed() { try backwards.saveDraft(["f": screen.description], form: "form", on: screen) }
        #expect(forwards.encoded() == backwards.encoded())
        #expect(try NavigationState(encoded: forwards.encoded()).formDrafts == forwards.formDrafts)
        let text = String(decoding: forwards.encoded(), as: UTF8.self)
        let order = ["a(x: 1)", "a(x: 1, y: 0)", "a(x: 2)", "b"].map { text.range(of: "\"f\":\"\($0)\"")?.lowerBound }
        #expect(order.allSatisfy { $0 != nil } && order == order.sorted { $0! < $1! })
    }

    @Test func foundationReadsAndWritesTheSameDocument() throws {
        let state = Self.busyState()
        #expect(try JSONDecoder().decode(NavigationState.self, from: Data(state.encoded())) == state)
        #expect(try NavigationState(encoded: Array(JSONEncoder().encode(state))) == state)
        #expect(Walk.roundTrip(Fixtures.suma.initialState) == Fixtures.suma.initialState)
    }

    @Test func aNewerVersionIsRefusedWithAReason() {
        let bytes = Array(#"{"v":2,"flow":"auth"}"#.utf8)
        #expect(throws: NavigationState.FormatError.newerVersion(2)) { try NavigationState(encoded: bytes) }
        #expect(throws: NavigationState.FormatError.unknownVersion(0)) { try NavigationState(encoded: Array(#"{"v":0}"#.utf8)) }
        #expect(throws: NavigationState.FormatError.newerVersion(2)) {
            try JSONDecoder().decode(NavigationState.self, from: Data(bytes))
        }
        #expect(NavigationState.FormatError.newerVersion(2).description.contains("newer than this FlowPages (1)"))
    }

    @Test(arguments: [
        "", "{", "[]", "null", #"{"v":"1"}"#, #"{"flow":"x"}"#, #"{"v":1.5}"#, #"{"v":1} x"#,
        #"{"v":1,"stacks":[]}"#, #"{"v":1,"stacks":{"home":[{"p":{}}]}}"#, #"{"v":1,"modal":{"c":"x"}}"#,
        #"{"v":1,"flags":[1]}"#, #"{"v":1,"user":"\x"}"#, #"{"v":1,"user":"\ud800"}"#, "{\"v\":1,\"user\":\"a\u{1}\"}",
        #"{"v":99999999999999999999}"#, #"{"v":-}"#, #"{"v":1e3}"#,
        #"{"v":1,"tabs":{"main":3}}"#, #"{"v":1,"drafts":{"f":{"a":1}}}"#, #"{"v":1,"alert":{"values":{}}}"#, #"{"v":1,}"#,
        #"{"v":1,"formDrafts":{}}"#, #"{"v":1,"formDrafts":[{"f":{}}]}"#, #"{"v":1,"formDrafts":[{"s":{"r":"a"},"f":{"x":{"a":1}}}]}"#,
        #"{"v":1,"formDrafts":[{"s":{"r":"a"},"f":{}},{"s":{"r":"a"},"f":{}}]}"#,
    ])
    func malformedBytesAreRefused(text: String) {
        #expect(throws: NavigationState.FormatError.self) { try NavigationState(encoded: Array(text.utf8)) }
    }

    @Test func bytesThatAreNotUTF8AreRefused() {
        for tail: [UInt8] in [[0xFF], [0xC3], [0xED, 0xA0, 0x80]] {
            let bytes = Array(#"{"v":1,"user":"caf"#.utf8) + tail + Array(#""}"#.utf8)
            #expect(throws: NavigationState.FormatError.malformed("invalid UTF-8 at byte \(bytes.count - 1)")) {
                try NavigationState(encoded: bytes)
            }
        }
    }

    @Test func limitsOnSizeAndNestingHold() {
        let deep = String(repeating: "[", count: 40) + String(repeating: "]", count: 40)
        #expect(throws: NavigationState.FormatError.malformed("nested deeper than 32 at byte 46")) {
            try NavigationState(encoded: Array(#"{"v":1,"flags":\#(deep)}"#.utf8))
        }
        let huge = Array(repeating: UInt8(ascii: " "), count: NavigationState.maximumEncodedSize + 1)
        #expect(throws: NavigationState.FormatError.malformed("larger than 262144 bytes")) { try NavigationState(encoded: huge) }
    }

    @Test func escapesAndUnicodeRoundTrip() throws {
        let bytes = Array(#"{"v":1,"user":"\u00e9\ud83d\ude00\/\t","flags":[]}"#.utf8)
        let state = try NavigationState(encoded: bytes)
        #expect(state.userID == "é😀/\t")
        #expect(try NavigationState(encoded: state.encoded()) == state)
    }

    @Test func draftsKeepWhatTheyMayAndRefuseTheRest() throws {
        var state = Fixtures.suma.initialState
        try state.saveDraft(["email": "new@example.com"], form: "register")
        #expect(state.drafts["register"] == ["email": "new@example.com"])
        let before = state
        let tooMany = Dictionary(uniqueKeysWithValues: (0...NavigationState.maximumDraftFields).map { ("f\($0)", "x") })
        #expect(throws: NavigationError.draftTooLarge(form: "big", reason: "more than 64 fields")) {
            try state.saveDraft(tooMany, form: "big")
        }
        #expect(throws: NavigationError.self) {
            try state.saveDraft(["bio": String(repeating: "x", count: NavigationState.maximumDraftValueLength + 1)], form: "register")
        }
        for form in 1..<NavigationState.maximumDraftForms { try state.saveDraft([:], form: "form-\(form)") }
        #expect(throws: NavigationError.draftTooLarge(form: "one-more", reason: "drafts are already kept for 16 forms")) {
            try state.saveDraft([:], form: "one-more")
        }
        #expect(state.drafts["register"] == before.drafts["register"])
        state.clearDraft(form: "register")
        #expect(state.drafts["register"] == nil)
    }

    @Test func toastsAreBoundedAndNotRepeated() {
        var state = Fixtures.coin.initialState
        state.addToast(Notice("out-of-date"))
        state.addToast(Notice("out-of-date"))
        #expect(state.toasts == [Notice("out-of-date")])
        for n in 0..<10 { state.addToast(Notice("n\(n)")) }
        #expect(state.toasts.map(\.name) == ["n7", "n8", "n9"])
    }

    @Test func toastsAreTakenOnce() {
        var state = Fixtures.coin.initialState
        state.toasts = [Notice("saved")]
        #expect(state.takeToasts() == [Notice("saved")])
        #expect(state.takeToasts().isEmpty)
    }

    @Test func signingOutForgetsDrafts() throws {
        var walk = Walk(Fixtures.suma)
        walk.run(.changeFlow("auth"))
        var state = walk.state
        try state.saveDraft(["email": "test@example.com"], form: "login")
        walk = Walk(Fixtures.suma, from: state)
        walk.run(.signIn(userID: "test@example.com"))
        #expect(walk.state.drafts["login"] != nil)
        walk.run(.signOut())
        #expect(walk.state.drafts.isEmpty)
    }
}
