@testable import Navigation
import NavigationFixtures
import Testing

@Suite struct PlainPatternTests {
    @Test(arguments: [
        ("[A-Za-z0-9_-]{1,64}", ["123", "a_b-C", String(repeating: "x", count: 64)], ["", "a b", "a/b", String(repeating: "x", count: 65)]),
        (".{1,100}", ["apartment", "2 + 2 = 4?", " "], ["", String(repeating: "y", count: 101)]),
        ("[0-9]{1,9}", ["0", "123456789"], ["1234567890", "12a", "-1"]),
        ("-?[0-9]+", ["-12", "7"], ["-", "+1", "1-"]),
        ("inv-\\d{4}", ["inv-2024"], ["inv-24", "INV-2024", "inv-20245"]),
        ("[^/]+", ["a.b", "x y"], ["a/b", ""]),
        ("a*b?c{2,}", ["cc", "aaabccc", "bcc"], ["abc", "ac", "bbcc"]),
        ("\\.\\w+", [".swift", "._"], ["swift", ".-"]),
    ])
    func matchesAsTheEngineDoes(pattern: String, matching: [String], notMatching: [String]) throws {
        let plain = try #require(PlainPattern(pattern))
        for value in matching { #expect(plain.matches(value) == true, "\(pattern) should match \(value)") }
        for value in notMatching { #expect(plain.matches(value) == false, "\(pattern) should not match \(value)") }
    }

    @Test(arguments: ["photos|specs", "(ab)+", "^a", "a$", "a+?", "a*+", "[[:alpha:]]", "[a-z&&[^x]]", "[a--b]", "\\s+", "x{,3}", "\\bword", "[z-a]", "a{2}{3}",
                      "[!--x]", "[+--0-9]", "[!-&&b]", "[!-~~b]", "[:digit:]", "[:alpha:]+"])
    func leavesAnythingElseToTheEngine(pattern: String) {
        #expect(PlainPattern(pattern) == nil)
    }

    @Test func asksTheEngineAboutValuesBeyondPrintableASCII() throws {
        let plain = try #require(PlainPattern(".{1,10}"))
        #expect(plain.matches("café") == nil)
        #expect(plain.matches("a\nb") == nil)
        #expect(plain.matches("tab\there") == nil)
    }

    /// Many random plain patterns against many random values: wherever the plain matcher
    /// answers, it answers as Swift's regular-expression engine does.
    @Test func agreesWithTheEngineOnRandomPatternsAndValues() throws {
        var random = SplitMix(state: 0x5EED_0F_9A77)
        let atoms = ["a", "b", "-", ".", "\\d", "\\w", "[ab]", "[^a]", "[a-c_-]", "[0-9]", "\\.", "x", " "]
        let quantifiers = ["", "", "?", "*", "+", "{2}", "{1,3}", "{0,2}", "{2,}"]
        let letters = Array("aabbcx-_. 0129/Z")
        var compared = 0
        for _ in 0..<400 {
            let pattern = (0..<Int.random(in: 1...4, using: &random)).map { _ in
                atoms.randomElement(using: &random)! + quantifiers.randomElement(using: &random)!
            }.joined()
            let plain = try #require(PlainPattern(pattern), "\(pattern) is plain")
            let regex = try Regex(pattern)
            for _ in 0..<25 {
                let value = String((0..<Int.random(in: 0...7, using: &random)).map { _ in letters.randomElement(using: &random)! })
                let expected = (try regex.wholeMatch(in: value)) != nil
                #expect(plain.matches(value) == expected, "\(pattern) on \"\(value)\"")
                compared += 1
            }
        }
        #expect(compared == 10_000)
    }

    @Test func aLongValueCannotMakeItBacktrack() throws {
        let plain = try #require(PlainPattern(".*.*.*.*.*.*x"))
        // Quadratic-or-worse matching would take minutes here; linear takes milliseconds.
        #expect(plain.matches(String(repeating: "a", count: 20_000)) == false)
        #expect(plain.matches(String(repeating: "a", count: 20_000) + "x") == true)
    }
}
