/// "Did you mean": the name among those allowed that a misspelt one was most likely meant to be.
public enum Spelling {
    /// The closest of `candidates` to `name` — equal but for case, `-` and `_`, or within an
    /// edit distance of a third of its length (at least 1, at most 3) — or nil when none is close.
    public static func closest(to name: String, among candidates: some Sequence<String>) -> String? {
        let folded = fold(name)
        let limit = min(3, max(1, name.count / 3))
        var best: (candidate: String, distance: Int)?
        for candidate in candidates where candidate != name {
            let distance = fold(candidate) == folded ? 0 : editDistance(Array(name.lowercased()), Array(candidate.lowercased()), limit: limit)
            guard distance <= limit else { continue }
            if best == nil || distance < best!.distance || (distance == best!.distance && candidate < best!.candidate) {
                best = (candidate, distance)
            }
        }
        return best?.candidate
    }

    /// ` (did you mean 'email'?)`, or nothing when no candidate is close.
    public static func suggestion(for name: String, among candidates: some Sequence<String>) -> String {
        closest(to: name, among: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    private static func fold(_ name: String) -> String {
        String(name.lowercased().filter { $0 != "-" && $0 != "_" })
    }

    /// Levenshtein distance with transpositions counted once, given up past `limit`.
    private static func editDistance(_ a: [Character], _ b: [Character], limit: Int) -> Int {
        guard abs(a.count - b.count) <= limit else { return limit + 1 }
        var previous2: [Int] = []
        var previous = Array(0...b.count)
        for i in 1...max(1, a.count) where !a.isEmpty {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in stride(from: 1, through: b.count, by: 1) {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { current[j] = min(current[j], previous2[j - 2] + 1) }
            }
            (previous2, previous) = (previous, current)
        }
        return a.isEmpty ? b.count : previous[b.count]
    }
}
