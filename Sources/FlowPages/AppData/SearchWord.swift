/// A word of a search, found in a field whatever the case of either.
///
/// A word of ASCII letters (most searches) is matched on the field's bytes with ASCII letters
/// folded: no string is lowercased, and a list of 20 records is searched in microseconds. Only
/// ASCII bytes can match an ASCII word, since every byte of a longer UTF-8 sequence is above
/// 0x7F. Any other word is matched on lowercased text.
struct SearchWord {
    private let folded: [UInt8]?
    private let lowercased: String

    init(_ word: Substring) {
        lowercased = word.lowercased()
        folded = word.utf8.allSatisfy { $0 < 0x80 } ? Array(lowercased.utf8) : nil
    }

    /// Whether the word appears in `text`.
    func isFound(in text: String) -> Bool {
        guard let folded else { return text.lowercased().contains(lowercased) }
        guard !folded.isEmpty else { return true }
        if let found = text.utf8.withContiguousStorageIfAvailable({ Self.contains(folded, in: $0) }) { return found }
        return Self.contains(folded, in: Array(text.utf8))
    }

    private static func contains<Bytes: RandomAccessCollection<UInt8>>(_ word: [UInt8], in text: Bytes) -> Bool where Bytes.Index == Int {
        guard text.count >= word.count else { return false }
        let first = word[0]
        var start = text.startIndex
        let last = text.endIndex - word.count
        while start <= last {
            if fold(text[start]) == first {
                var offset = 1
                while offset < word.count, fold(text[start + offset]) == word[offset] { offset += 1 }
                if offset == word.count { return true }
            }
            start += 1
        }
        return false
    }

    private static func fold(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }
}
