/// "Did you mean" suggestions by edit distance, for every descriptive error in the core.
public enum Suggestions {
    /// The candidate closest to `word`, if it is close enough to be a likely typo.
    ///
    /// ```swift
    /// Suggestions.closest(to: "prodcts", in: ["products", "cart"]) // "products"
    /// ```
    public static func closest(to word: String, in candidates: some Sequence<String>) -> String? {
        let limit = max(1, min(3, word.count / 3 + 1))
        // Names are short; a long word (a pasted blob) is no typo, and the edit distance of
        // two long words costs their product.
        let length = word.count
        guard length <= 128 else { return nil }
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            guard abs(candidate.count - length) <= limit else { continue }
            let distance = editDistance(word.lowercased(), candidate.lowercased())
            guard distance <= limit else { continue }
            if let current = best, (current.distance, current.name) <= (distance, candidate) { continue }
            best = (candidate, distance)
        }
        return best?.name
    }

    /// `did you mean 'x'?` when a candidate is close to `word`, or nil: the one wording of
    /// every suggestion Scenery prints.
    public static func didYouMean(_ word: String, in candidates: some Sequence<String>) -> String? {
        closest(to: word, in: candidates).map(didYouMean)
    }

    /// `did you mean 'name'?`, for a suggestion found another way.
    public static func didYouMean(_ name: String) -> String { "did you mean '\(name)'?" }

    /// Levenshtein distance with adjacent transpositions counted as one edit.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], before[j - 2] + 1)
                }
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}
