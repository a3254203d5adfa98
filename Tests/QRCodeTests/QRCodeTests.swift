import Testing
@testable import QRCode

/// The encoder's parts against the standard's own figures; whole codes are read back by a real
/// decoder (zxing-cpp) in the browser suite.
@Suite struct QRCodeTests {
    @Test func checkCodewordsMatchTheWorkedExample() {
        // "HELLO WORLD" at 1-M, as worked through in the standard's tutorials.
        let data: [UInt8] = [32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17]
        #expect(ReedSolomon.remainder(of: data, generator: ReedSolomon.generator(degree: 10)) == [196, 35, 39, 119, 235, 215, 231, 226, 93, 23])
    }

    @Test func versionsHoldWhatTheStandardSays() {
        // ISO/IEC 18004 Table 7, byte mode at level M.
        #expect([1, 2, 5, 7, 9, 10, 40].map(QRCode.capacity) == [14, 26, 84, 122, 180, 213, 2331])
        #expect((1...5).map(QRCode.dataCodewordCount) == [16, 28, 44, 64, 86])
        #expect(QRCode.totalCodewordCount(version: 40) == 3706)
    }

    @Test func theSmallestVersionThatHoldsTheBytesIsChosen() throws {
        #expect(try QRCode(bytes: Array(repeating: 65, count: 14)).version == 1)
        #expect(try QRCode(bytes: Array(repeating: 65, count: 15)).version == 2)
        let link = try QRCode(text: "https://suma.finance/auth/reset-password?token=abcdefghijklmnopqrstuvwxyz0123456789")
        #expect(link.version == 5 && link.size == 37)
        #expect(throws: QRCode.TooLong(bytes: 2332)) { try QRCode(bytes: Array(repeating: 0, count: 2332)) }
    }

    @Test func functionPatternsStandWhereReadersLook() throws {
        let code = try QRCode(text: "sumafinance://auth/login")
        // Finder corners: dark ring, light ring, dark 3×3 core; timing alternates between them.
        for (x, y) in [(0, 0), (code.size - 7, 0), (0, code.size - 7)] {
            #expect(code[x, y] && code[x + 6, y + 6] && !code[x + 1, y + 1] && code[x + 3, y + 3])
        }
        #expect((8..<code.size - 8).allSatisfy { code[$0, 6] == ($0 % 2 == 0) && code[6, $0] == ($0 % 2 == 0) })
        #expect(code[8, code.size - 8], "the dark module")
        // The format bits read back: level M (00) and the mask chosen, under the BCH code.
        var bits = 0
        for index in 0...5 { bits |= (code[8, index] ? 1 : 0) << index }
        bits |= (code[8, 7] ? 1 : 0) << 6 | (code[8, 8] ? 1 : 0) << 7 | (code[7, 8] ? 1 : 0) << 8
        for index in 9..<15 { bits |= (code[14 - index, 8] ? 1 : 0) << index }
        let format = (bits ^ 0x5412) >> 10
        #expect(format == code.mask, "level M is 00, so the five bits are the mask")
    }

    @Test func theSVGDrawsEveryDarkModuleWithItsTitle() throws {
        let code = try QRCode(text: "K7Q4-2MFX")
        let svg = code.svg(title: "Code K7Q4-2MFX & more")
        #expect(svg.hasPrefix("<svg ") && svg.contains("<title>Code K7Q4-2MFX &amp; more</title>") && svg.contains("viewBox=\"0 0 29 29\""))
        let drawn = svg.split(separator: "h").dropFirst().map { Int($0.prefix { $0.isNumber }) ?? 0 }.reduce(0, +)
        #expect(drawn == code.modules.count { $0 })
    }
}
