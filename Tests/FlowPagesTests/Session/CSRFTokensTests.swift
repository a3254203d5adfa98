@testable import FlowPages
import FlowStore
import Testing

/// Sessions' CSRF tokens derived once and kept in bounded memory: the same token the secret
/// derives, whether kept or not.
@Suite struct CSRFTokensTests {
    @Test func aKeptTokenIsTheDerivedOne() {
        let tokens = CSRFTokens()
        #expect(tokens.token(for: "secret-a") == Secret.derive(from: "secret-a", purpose: "csrf"))
        #expect(tokens.token(for: "secret-a") == Secret.derive(from: "secret-a", purpose: "csrf"), "read again")
        #expect(tokens.token(for: "secret-b") != tokens.token(for: "secret-a"))
    }

    @Test func pastItsLimitTheCacheStartsOverAndTokensStayRight() {
        let tokens = CSRFTokens()
        for number in 0...CSRFTokens.limit { _ = tokens.token(for: "secret-\(number)") }
        #expect(tokens.count == 1, "started over with the one past the limit")
        #expect(tokens.token(for: "secret-0") == Secret.derive(from: "secret-0", purpose: "csrf"))
        #expect(tokens.token(for: "secret-\(CSRFTokens.limit)") == Secret.derive(from: "secret-\(CSRFTokens.limit)", purpose: "csrf"))
    }
}
