/// Reed–Solomon error correction over GF(2⁸) with QR's field polynomial x⁸+x⁴+x³+x²+1 (0x11D):
/// the check codewords of a block (ISO/IEC 18004 §7.5.2).
enum ReedSolomon {
    /// α^i for i in 0..<255, and the logarithm of each non-zero element.
    private static let (exponents, logarithms): ([UInt8], [Int]) = {
        var exponents = [UInt8](repeating: 0, count: 255)
        var logarithms = [Int](repeating: 0, count: 256)
        var value = 1
        for power in 0..<255 {
            exponents[power] = UInt8(value)
            logarithms[value] = power
            value <<= 1
            if value & 0x100 != 0 { value ^= 0x11D }
        }
        return (exponents, logarithms)
    }()

    static func multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
        guard a != 0, b != 0 else { return 0 }
        return exponents[(logarithms[Int(a)] + logarithms[Int(b)]) % 255]
    }

    /// The coefficients (highest power first, the leading 1 left out) of ∏(x − αⁱ), i < degree.
    static func generator(degree: Int) -> [UInt8] {
        var coefficients = [UInt8](repeating: 0, count: degree)
        coefficients[degree - 1] = 1
        var root: UInt8 = 1
        for _ in 0..<degree {
            for index in 0..<degree {
                coefficients[index] = multiply(coefficients[index], root)
                if index + 1 < degree { coefficients[index] ^= coefficients[index + 1] }
            }
            root = multiply(root, 2)
        }
        return coefficients
    }

    /// The remainder of `data`·x^degree divided by the generator: the block's check codewords.
    static func remainder(of data: [UInt8], generator: [UInt8]) -> [UInt8] {
        var remainder = [UInt8](repeating: 0, count: generator.count)
        for byte in data {
            let factor = byte ^ remainder.removeFirst()
            remainder.append(0)
            for index in remainder.indices { remainder[index] ^= multiply(generator[index], factor) }
        }
        return remainder
    }
}
