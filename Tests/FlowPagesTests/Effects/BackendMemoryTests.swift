@testable import FlowPages
import FlowDefinition
import Navigation
import Testing

/// The prototype backend's memory, typed, in the session's state: read back as written, read
/// from a session stored before it had a type, and gone with the drafts when the person signs out.
@Suite struct BackendMemoryTests {
    @Test func whatIsSavedIsReadBack() throws {
        var state = ActionInterpreterTests().initial
        let memory = BackendMemory(accountID: 7, registeredAccountID: 7, email: "ada@example.com", registersTakenEmail: true, verified: .resetPassword)
        try memory.save(in: &state)
        #expect(BackendMemory(state) == memory)
        try BackendMemory.update(&state) { $0.verified = nil }
        #expect(BackendMemory(state).verified == nil && BackendMemory(state).accountID == 7)
    }

    @Test func aSessionStoredBeforeReadsTheSame() throws {
        var state = ActionInterpreterTests().initial
        try state.saveDraft(["account": "3", "registered": "3", "email": "bo@example.com", "taken": "1", "verified": "verify-email"],
                            form: BackendMemory.slot, outlivesModal: true)
        #expect(BackendMemory(state) == BackendMemory(accountID: 3, registeredAccountID: 3, email: "bo@example.com", registersTakenEmail: true, verified: .verifyEmail))
    }

    @Test func rememberingNothingKeepsNoSlot() throws {
        var state = ActionInterpreterTests().initial
        try BackendMemory(email: "a@example.com").save(in: &state)
        #expect(state.drafts[BackendMemory.slot] == ["email": "a@example.com"])
        try BackendMemory().save(in: &state)
        #expect(state.drafts[BackendMemory.slot] == nil)
        try BackendMemory(email: "").save(in: &state)
        #expect(state.drafts[BackendMemory.slot] == nil, "an empty email is no email")
        #expect(BackendMemory(state).email == nil)
    }
}
