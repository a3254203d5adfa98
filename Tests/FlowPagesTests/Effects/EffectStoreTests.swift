@testable import FlowPages
import FlowPagesTestSupport
import FlowStore
import Testing

/// An effect reaches the store only as far as its access declares, through a handle it cannot
/// keep (`EffectStore` is not copyable: a closure that stored it would not compile).
@Suite struct EffectStoreTests {
    @Test func whatAnEffectDoesNotDeclareIsRefusedAndNothingOfItIsKept() throws {
        let test = try TestStore.fresh("effect-store")
        let store = test.store
        struct Refused: Error {}
        #expect(throws: Refused.self) {
            try store.transaction { transaction in
                let peek = EffectStore(transaction, access: EffectAccess(reads: [.accounts]), effect: "peek")
                #expect(try peek.account(app: "desk", email: "nobody@example.com") == nil, "declared: read")
                #expect(throws: EffectAccessDenied(effect: "peek", data: .outbox, isWrite: true)) {
                    try peek.sendMail(app: "desk", mailbox: nil, to: "someone@example.com", subject: "Hi", body: "", link: nil, now: 1)
                }
                #expect(throws: EffectAccessDenied(effect: "peek", data: .accounts, isWrite: true), "reading is no licence to write") {
                    _ = try peek.createAccount(app: "desk", email: "new@example.com", passwordHash: "x", mailbox: "m", now: 1)
                }
                #expect(throws: EffectAccessDenied(effect: "peek", data: .secrets, isWrite: false)) {
                    _ = try peek.tokenHolder("token", purpose: "verify-email", now: 1)
                }
                let mailer = EffectStore(transaction, access: EffectAccess(writes: [.outbox]), effect: "mailer")
                try mailer.sendMail(app: "desk", mailbox: nil, to: "someone@example.com", subject: "Hi", body: "", link: nil, now: 1)
                throw Refused()
            }
        }
        #expect(try store.read { try $0.outbox.messages(app: "desk", mailbox: nil, limit: 10) }.isEmpty, "the request failed: no mail")
    }
}
