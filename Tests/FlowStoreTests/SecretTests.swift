import FlowStore
import Foundation
import Testing

/// The tokens sessions are named and guarded by.
@Suite struct SecretTests {
    @Test func tokensAreRandomAndKnownByTheirShape() {
        let tokens = (0..<50).map { _ in Secret.token() }
        #expect(Set(tokens).count == 50)
        #expect(tokens.allSatisfy(Secret.isToken))
        // A cookie may say anything: only a token's shape is kept as a secret of pages shown.
        for text in ["", String(repeating: "A", count: 42), String(repeating: "A", count: 44), String(repeating: "A", count: 42) + " ",
                     String(repeating: "A", count: 42) + "=", String(repeating: "é", count: 21) + "A"] {
            #expect(!Secret.isToken(text), "\(text)")
        }
    }

    /// Every one of a token's 32 bytes is drawn: none is left fixed, none repeats another draw.
    @Test func everyByteOfATokenIsRandom() throws {
        let tokens = try (0..<64).map { _ in try #require(Secret.fromBase64URL(Secret.token())) }
        for position in 0..<32 {
            // 64 draws of a uniform byte: fewer than 20 distinct values would be a 1-in-10^20 chance.
            #expect(Set(tokens.map { $0[position] }).count >= 20, "byte \(position)")
        }
        for token in tokens {
            let words = stride(from: 0, to: 32, by: 8).map { Array(token[$0..<$0 + 8]) }
            #expect(Set(words.map { $0.description }).count == 4)
        }
    }

    /// RFC 4648 §5 without padding, against Foundation's base64 with its letters swapped.
    @Test func base64URLIsRFC4648WithoutPadding() {
        for length in 0..<40 {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 251) }
            let expected = Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: "")
            #expect(Secret.base64URL(bytes) == expected)
            #expect(Secret.fromBase64URL(expected) == bytes)
        }
    }

    @Test func aDerivedTokenDependsOnTheSecretAndThePurpose() {
        let secret = Secret.token()
        #expect(Secret.derive(from: secret, purpose: "csrf") == Secret.derive(from: secret, purpose: "csrf"))
        #expect(Secret.derive(from: secret, purpose: "csrf") != Secret.derive(from: secret, purpose: "data"))
        #expect(Secret.derive(from: secret, purpose: "csrf") != Secret.derive(from: Secret.token(), purpose: "csrf"))
        #expect(Secret.constantTimeEqual("abc", "abc") && !Secret.constantTimeEqual("abc", "abd") && !Secret.constantTimeEqual("abc", "ab"))
    }
}
