import Crypto
import CryptoExtras

/// Password hashing with scrypt (swift-crypto's `KDF.Scrypt`), a random salt per password, and
/// the parameters stored with the hash (`scrypt$17$8$1$salt$key`) so a later change of cost still
/// verifies older hashes. Every hash and verification takes a turn of ``gate``.
public struct PasswordHasher: Sendable {
    /// log2 of scrypt's CPU/memory cost N.
    public let logRounds: Int
    public let blockSize: Int
    public let parallelism: Int
    /// Bounds how many hashes run at once, across every hasher sharing it.
    public let gate: HashingGate

    /// Why a password could not be hashed or checked now: too many already are.
    public typealias Busy = BusyHashing

    /// OWASP's current recommendation for scrypt: N = 2^17, r = 8, p = 1 (128 MiB, a few
    /// hundred milliseconds).
    public static let recommended = PasswordHasher(logRounds: 17, blockSize: 8, parallelism: 1)

    public init(logRounds: Int, blockSize: Int, parallelism: Int, gate: HashingGate = .shared) {
        self.logRounds = logRounds
        self.blockSize = blockSize
        self.parallelism = parallelism
        self.gate = gate
    }

    /// The stored form of `password`.
    /// - Throws: ``Busy`` when too many hashes are running or waiting.
    public func hash(_ password: String) throws -> String {
        var generator = SystemRandomNumberGenerator()
        let salt = (0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        let key = try gate.run { try Self.derive(password, salt: salt, logRounds: logRounds, blockSize: blockSize, parallelism: parallelism) }
        return "scrypt$\(logRounds)$\(blockSize)$\(parallelism)$\(Secret.base64URL(salt))$\(Secret.base64URL(key))"
    }

    /// Whether `password` matches `stored` (hashed at whatever cost it names), compared in
    /// constant time. A malformed stored hash never matches.
    /// - Throws: ``Busy`` when too many hashes are running or waiting.
    public func verify(_ password: String, against stored: String) throws -> Bool {
        let parts = stored.split(separator: "$").map(String.init)
        guard parts.count == 6, parts[0] == "scrypt",
              let logRounds = Int(parts[1]), (10...22).contains(logRounds),
              let blockSize = Int(parts[2]), let parallelism = Int(parts[3]),
              let salt = Secret.fromBase64URL(parts[4]), let expected = Secret.fromBase64URL(parts[5])
        else { return false }
        let key = try gate.run { try? Self.derive(password, salt: salt, logRounds: logRounds, blockSize: blockSize, parallelism: parallelism) }
        guard let key else { return false }
        return Secret.constantTimeEqual(key, expected)
    }

    /// A well-formed hash at this hasher's cost that no password matches (no one knows a
    /// preimage of its key), checked for timing-safe misses: it costs what a real check costs.
    public var unmatchableHash: String {
        let salt = String(repeating: "A", count: 22), key = String(repeating: "A", count: 43)
        return "scrypt$\(logRounds)$\(blockSize)$\(parallelism)$\(salt)$\(key)"
    }

    private static func derive(_ password: String, salt: [UInt8], logRounds: Int, blockSize: Int, parallelism: Int) throws -> [UInt8] {
        let key = try KDF.Scrypt.deriveKey(
            from: Array(password.utf8), salt: salt, outputByteCount: 32,
            rounds: 1 << logRounds, blockSize: blockSize, parallelism: parallelism
        )
        return key.withUnsafeBytes { Array($0) }
    }
}
