import Crypto
import Foundation
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// The server's own secret, 256 bits kept outside the database: the short secrets a person types
/// (6-digit codes, claim codes), link tokens and the keys of attempt counters are stored as HMACs
/// under it, so a copy of the database alone reverses none of them (a 6-digit code's SHA-256 falls
/// to 10⁶ guesses). Instances sharing one database share one key.
public struct StoreKey: Sendable {
    private let bytes: [UInt8]

    /// A key of 32 bytes.
    public init?(bytes: [UInt8]) {
        guard bytes.count == 32 else { return nil }
        self.bytes = bytes
    }

    /// A key written as ``text``: 43 characters of base64url.
    public init?(text: String) {
        guard Secret.isToken(text), let bytes = Secret.fromBase64URL(text) else { return nil }
        self.init(bytes: bytes)
    }

    /// A new key from the system CSPRNG.
    public static func random() -> StoreKey {
        StoreKey(text: Secret.token())!
    }

    /// The key as base64url, as its file and `FLOWPAGES_SECRET_KEY` hold it.
    public var text: String { Secret.base64URL(bytes) }

    /// HMAC-SHA-256 of `message` under the key.
    public func mac(_ message: String) -> [UInt8] {
        Array(HMAC<SHA256>.authenticationCode(for: Array(message.utf8), using: SymmetricKey(data: bytes)))
    }

    /// Why a key file could not be read or made.
    public struct FileError: Error, CustomStringConvertible {
        public let description: String

        public init(description: String) {
            self.description = description
        }
    }

    /// The key in the file at `path`, made (mode 0600, only its owner may read it) when there is
    /// none yet, as at a database's first start.
    /// - Parameter made: Called when the key was made here rather than read.
    /// - Throws: ``FileError`` for a file that holds no key, that others may read, or that cannot
    ///   be read or written.
    public static func file(at path: String, made: () -> Void = {}) throws(FileError) -> StoreKey {
        if let key = try existing(path) { return key }
        let key = StoreKey.random()
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            // Another process made it first: theirs is the key.
            if errno == EEXIST, let key = try existing(path) { return key }
            throw FileError(description: "cannot create the key file \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        let line = Array((key.text + "\n").utf8)
        let written = line.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        guard written == line.count, fsync(fd) == 0 else {
            unlink(path)
            throw FileError(description: "cannot write the key file \(path): \(String(cString: strerror(errno)))")
        }
        made()
        return key
    }

    /// The key in `path`, or nil when there is no such file.
    private static func existing(_ path: String) throws(FileError) -> StoreKey? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ENOENT { return nil }
            throw FileError(description: "cannot read the key file \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw FileError(description: "cannot read the key file \(path)") }
        guard status.st_mode & 0o077 == 0 else {
            throw FileError(description: "the key file \(path) may be read by others (mode \(String(status.st_mode & 0o777, radix: 8))); "
                + "it keeps the codes and tokens in the database secret: chmod 600 \(path)")
        }
        var buffer = [UInt8](repeating: 0, count: 128)
        let count = buffer.withUnsafeMutableBytes { readBytes(fd, $0.baseAddress, $0.count) }
        let text = String(decoding: buffer[..<max(0, count)], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let key = StoreKey(text: text) else {
            throw FileError(description: "the key file \(path) holds no FlowPages key (43 characters of base64url); "
                + "move it away to have a new one made, which voids the codes and links sent so far")
        }
        return key
    }
}

/// The C library's `read`, which `StoreKey`'s own names would hide.
private func readBytes(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(fd, buffer, count)
}
