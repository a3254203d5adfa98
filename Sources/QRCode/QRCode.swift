/// A QR code (ISO/IEC 18004, model 2) holding bytes in byte mode at error-correction level M
/// (about 15 % of the symbol may be lost), in the smallest version that holds them, with the
/// mask of least penalty. Pure Swift, our own: a link's QR code is drawn on the server.
public struct QRCode: Sendable, Equatable {
    /// Too much to hold: version 40 at level M holds 2,331 bytes.
    public struct TooLong: Error, Equatable, CustomStringConvertible {
        public let bytes: Int
        public var description: String { "\(bytes) bytes do not fit in a QR code, which holds at most \(QRCode.capacity(version: 40)) at level M" }
    }

    /// 1…40; the symbol is 4 × version + 17 modules a side.
    public let version: Int
    /// The data mask applied, 0…7.
    public let mask: Int
    /// Modules a side, without the quiet zone.
    public var size: Int { 4 * version + 17 }
    /// Row by row, `true` for dark.
    public let modules: [Bool]

    /// Whether the module in column `x`, row `y` is dark.
    public subscript(x: Int, y: Int) -> Bool { modules[y * size + x] }

    public init(text: String) throws(TooLong) {
        try self.init(bytes: Array(text.utf8))
    }

    public init(bytes: [UInt8]) throws(TooLong) {
        guard let version = (1...40).first(where: { Self.capacity(version: $0) >= bytes.count }) else { throw TooLong(bytes: bytes.count) }
        var symbol = QRSymbol(version: version)
        symbol.drawFunctionPatterns()
        symbol.drawCodewords(Self.codewords(Self.dataCodewords(bytes, version: version), version: version))
        var best: (mask: Int, penalty: Int)?
        for mask in 0..<8 {
            symbol.apply(mask: mask)
            symbol.drawFormatBits(mask: mask)
            let penalty = symbol.penalty()
            if best == nil || penalty < best!.penalty { best = (mask, penalty) }
            symbol.apply(mask: mask)  // a mask is its own inverse
        }
        symbol.apply(mask: best!.mask)
        symbol.drawFormatBits(mask: best!.mask)
        self.version = version
        self.mask = best!.mask
        modules = symbol.modules
    }

    /// The bytes a version holds at level M in byte mode.
    public static func capacity(version: Int) -> Int {
        (dataCodewordCount(version: version) * 8 - 4 - countBits(version: version)) / 8
    }

    // MARK: Codewords

    /// EC codewords per block at level M, by version (ISO/IEC 18004 Table 9).
    static let checkCodewordsPerBlock = [0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26,
                                         26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28]
    /// Error-correction blocks at level M, by version (ISO/IEC 18004 Table 9).
    static let blockCounts = [0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16,
                              17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49]

    /// The codewords of a version, data and check together: its modules less the function patterns, in bytes.
    static func totalCodewordCount(version: Int) -> Int {
        var modules = (16 * version + 128) * version + 64
        if version >= 2 {
            let alignments = version / 7 + 2
            modules -= (25 * alignments - 10) * alignments - 55
            if version >= 7 { modules -= 36 }
        }
        return modules / 8
    }

    static func dataCodewordCount(version: Int) -> Int {
        totalCodewordCount(version: version) - checkCodewordsPerBlock[version] * blockCounts[version]
    }

    private static func countBits(version: Int) -> Int { version <= 9 ? 8 : 16 }

    /// Mode, count, the bytes, a terminator and padding, as codewords filling the version.
    static func dataCodewords(_ bytes: [UInt8], version: Int) -> [UInt8] {
        var bits: [Bool] = []
        func append(_ value: Int, _ count: Int) { for shift in stride(from: count - 1, through: 0, by: -1) { bits.append(value >> shift & 1 == 1) } }
        append(0b0100, 4)
        append(bytes.count, countBits(version: version))
        for byte in bytes { append(Int(byte), 8) }
        let capacity = dataCodewordCount(version: version) * 8
        append(0, min(4, capacity - bits.count))
        append(0, (8 - bits.count % 8) % 8)
        var codewords = stride(from: 0, to: bits.count, by: 8).map { start in
            bits[start..<start + 8].reduce(UInt8(0)) { $0 << 1 | ($1 ? 1 : 0) }
        }
        var pad: UInt8 = 0xEC
        while codewords.count < capacity / 8 {
            codewords.append(pad)
            pad = pad == 0xEC ? 0x11 : 0xEC
        }
        return codewords
    }

    /// The data split into blocks, each with its check codewords, interleaved (§7.6).
    static func codewords(_ data: [UInt8], version: Int) -> [UInt8] {
        let blocks = blockCounts[version]
        let checkLength = checkCodewordsPerBlock[version]
        let total = totalCodewordCount(version: version)
        let shortBlocks = blocks - total % blocks
        let shortLength = total / blocks - checkLength
        let generator = ReedSolomon.generator(degree: checkLength)
        var dataBlocks: [[UInt8]] = []
        var start = 0
        for index in 0..<blocks {
            let length = shortLength + (index < shortBlocks ? 0 : 1)
            dataBlocks.append(Array(data[start..<start + length]))
            start += length
        }
        let checkBlocks = dataBlocks.map { ReedSolomon.remainder(of: $0, generator: generator) }
        var result: [UInt8] = []
        for column in 0...shortLength {
            for block in dataBlocks where column < block.count { result.append(block[column]) }
        }
        for column in 0..<checkLength {
            for block in checkBlocks { result.append(block[column]) }
        }
        return result
    }
}
