/// The module grid of a QR code while it is drawn: function patterns (finders, timing,
/// alignment, format and version information) first, then the codewords in the zig-zag order
/// of ISO/IEC 18004 §7.7.3, then a mask over the data modules.
struct QRSymbol {
    let version: Int
    let size: Int
    /// Row by row, `true` for dark.
    private(set) var modules: [Bool]
    /// The modules of the function patterns, which masks and codewords leave alone.
    private var isFunction: [Bool]

    init(version: Int) {
        self.version = version
        size = 4 * version + 17
        modules = Array(repeating: false, count: size * size)
        isFunction = Array(repeating: false, count: size * size)
    }

    private func at(_ x: Int, _ y: Int) -> Bool { modules[y * size + x] }

    private mutating func setFunction(_ x: Int, _ y: Int, _ dark: Bool) {
        modules[y * size + x] = dark
        isFunction[y * size + x] = true
    }

    // MARK: Function patterns

    mutating func drawFunctionPatterns() {
        for index in 0..<size {
            setFunction(6, index, index % 2 == 0)
            setFunction(index, 6, index % 2 == 0)
        }
        drawFinder(3, 3)
        drawFinder(size - 4, 3)
        drawFinder(3, size - 4)
        let centres = alignmentCentres()
        for (i, x) in centres.enumerated() {
            for (j, y) in centres.enumerated() {
                // Not where a finder stands.
                if i == 0 && j == 0 || i == 0 && j == centres.count - 1 || i == centres.count - 1 && j == 0 { continue }
                for dy in -2...2 { for dx in -2...2 { setFunction(x + dx, y + dy, max(abs(dx), abs(dy)) != 1) } }
            }
        }
        // Reserved now, written with the mask chosen.
        drawFormatBits(mask: 0)
        drawVersionBits()
    }

    /// A finder with its light separator, clipped at the symbol's edge.
    private mutating func drawFinder(_ x: Int, _ y: Int) {
        for dy in -4...4 {
            for dx in -4...4 {
                let (column, row) = (x + dx, y + dy)
                guard (0..<size).contains(column), (0..<size).contains(row) else { continue }
                let distance = max(abs(dx), abs(dy))
                setFunction(column, row, distance != 2 && distance != 4)
            }
        }
    }

    /// The rows (and columns) alignment patterns are centred on.
    private func alignmentCentres() -> [Int] {
        guard version > 1 else { return [] }
        let count = version / 7 + 2
        let step = version == 32 ? 26 : (version * 4 + count * 2 + 1) / (count * 2 - 2) * 2
        var centres = [6]
        var position = size - 7
        while centres.count < count {
            centres.insert(position, at: 1)
            position -= step
        }
        return centres
    }

    /// The 15 format bits (level M, the mask), BCH-protected, in both of their places.
    mutating func drawFormatBits(mask: Int) {
        let data = 0b00 << 3 | mask  // level M's indicator is 00
        var remainder = data
        for _ in 0..<10 { remainder = remainder << 1 ^ (remainder >> 9) * 0x537 }
        let bits = (data << 10 | remainder) ^ 0x5412
        func bit(_ index: Int) -> Bool { bits >> index & 1 == 1 }
        for index in 0...5 { setFunction(8, index, bit(index)) }
        setFunction(8, 7, bit(6))
        setFunction(8, 8, bit(7))
        setFunction(7, 8, bit(8))
        for index in 9..<15 { setFunction(14 - index, 8, bit(index)) }
        for index in 0..<8 { setFunction(size - 1 - index, 8, bit(index)) }
        for index in 8..<15 { setFunction(8, size - 15 + index, bit(index)) }
        setFunction(8, size - 8, true)  // the dark module
    }

    /// From version 7, the 18 version bits in the two corners that tell it.
    private mutating func drawVersionBits() {
        guard version >= 7 else { return }
        var remainder = version
        for _ in 0..<12 { remainder = remainder << 1 ^ (remainder >> 11) * 0x1F25 }
        let bits = version << 12 | remainder
        for index in 0..<18 {
            let dark = bits >> index & 1 == 1
            let (a, b) = (size - 11 + index % 3, index / 3)
            setFunction(a, b, dark)
            setFunction(b, a, dark)
        }
    }

    // MARK: Data

    /// Fills the data modules two columns at a time, upwards and downwards in turn, from the right.
    mutating func drawCodewords(_ codewords: [UInt8]) {
        var index = 0
        var right = size - 1
        while right >= 1 {
            if right == 6 { right = 5 }  // the vertical timing pattern
            for vertical in 0..<size {
                for offset in 0..<2 {
                    let x = right - offset
                    let upward = (right + 1) & 2 == 0
                    let y = upward ? size - 1 - vertical : vertical
                    guard !isFunction[y * size + x], index < codewords.count * 8 else { continue }
                    modules[y * size + x] = codewords[index >> 3] >> (7 - index & 7) & 1 == 1
                    index += 1
                }
            }
            right -= 2
        }
    }

    /// Inverts the data modules the mask selects; applying it again undoes it.
    mutating func apply(mask: Int) {
        for y in 0..<size {
            for x in 0..<size where !isFunction[y * size + x] {
                let inverted = switch mask {
                case 0: (x + y) % 2 == 0
                case 1: y % 2 == 0
                case 2: x % 3 == 0
                case 3: (x + y) % 3 == 0
                case 4: (x / 3 + y / 2) % 2 == 0
                case 5: x * y % 2 + x * y % 3 == 0
                case 6: (x * y % 2 + x * y % 3) % 2 == 0
                default: ((x + y) % 2 + x * y % 3) % 2 == 0
                }
                if inverted { modules[y * size + x].toggle() }
            }
        }
    }

    // MARK: Penalty (§7.8.3)

    /// The penalty of the symbol as it stands; the mask with the least is kept. Read in place,
    /// with no copies: it runs for each of the eight masks of every code drawn.
    func penalty() -> Int {
        var total = 0
        for line in 0..<size {
            total += linePenalty(start: line * size, step: 1)
            total += linePenalty(start: line, step: size)
        }
        for y in 0..<size - 1 {
            for x in 0..<size - 1 {
                let index = y * size + x
                let colour = modules[index]
                if colour == modules[index + 1] && colour == modules[index + size] && colour == modules[index + size + 1] { total += 3 }
            }
        }
        var dark = 0
        for module in modules where module { dark += 1 }
        let count = size * size
        // 10 points for each 5 % the dark share strays from half.
        total += ((abs(dark * 20 - count * 10) + count - 1) / count - 1) * 10
        return total
    }

    /// One row or column: runs of five or more of one colour, and finder-like 1:1:3:1:1 patterns
    /// with four light modules on one side (read as the last 11 modules, a bit each).
    private func linePenalty(start: Int, step: Int) -> Int {
        var total = 0
        var run = 0
        var previous = false
        var window = 0
        for offset in 0..<size {
            let dark = modules[start + offset * step]
            if offset > 0 && dark == previous {
                run += 1
            } else {
                if run >= 5 { total += run - 2 }
                (run, previous) = (1, dark)
            }
            window = (window << 1 | (dark ? 1 : 0)) & 0x7FF
            // 1011101 then 0000, or 0000 then 1011101.
            if offset >= 10 && (window == 0x5D0 || window == 0x05D) { total += 40 }
        }
        if run >= 5 { total += run - 2 }
        return total
    }
}
