/// "Did you mean" suggestions by edit distance, for every descriptive error in the core.
package enum Suggestions {
    /// The candidate closest to `word`, if it is close enough to be a likely typo.
    ///
    /// ```swift
    /// Suggestions.closest(to: "prodcts", in: ["products", "cart"]) // "products"
    /// ```
    package static func closest(to word: String, in candidates: some Sequence<String>) -> String? {
        let limit = max(1, min(3, word.count / 3 + 1))
        // Names are short; a long word (a pasted blob) is no typo, and the edit distance of
        // two long words costs their product.
        let length = word.count
        guard length <= 128 else { return nil }
        let lowered = Array(word.lowercased())
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            guard abs(candidate.count - length) <= limit else { continue }
            guard let distance = distance(lowered, Array(candidate.lowercased()), limit: limit) else { continue }
            if let current = best, (current.distance, current.name) <= (distance, candidate) { continue }
            best = (candidate, distance)
        }
        return best?.name
    }

    /// `did you mean 'x'?` when a candidate is close to `word`, or nil: the one wording of
    /// every suggestion Scenery prints.
    package static func didYouMean(_ word: String, in candidates: some Sequence<String>) -> String? {
        closest(to: word, in: candidates).map(didYouMean)
    }

    /// `; did you mean 'x'?` when a name is close to `word`, else `; the app's WHAT are 'a',
    /// 'b'`: what a directive that names nothing of the app adds.
    package static func orListed(_ word: String, in names: [String], what: String) -> String {
        didYouMean(word, in: names).map { "; \($0)" } ?? "; the app's \(what) are " + names.map { "'\($0)'" }.joined(separator: ", ")
    }

    /// `did you mean 'name'?`, for a suggestion found another way.
    package static func didYouMean(_ name: String) -> String { "did you mean '\(name)'?" }

    /// Levenshtein distance with adjacent transpositions counted as one edit.
    package static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        return distance(a, b, limit: max(a.count, b.count)) ?? max(a.count, b.count)
    }

    /// The edit distance when it is at most `limit`, else nil — in time proportional to
    /// `limit` times the shorter length, not to the product of the lengths: only the band
    /// of cells within `limit` of the diagonal can stay under it.
    package static func editDistance(_ a: String, _ b: String, limit: Int) -> Int? {
        distance(Array(a), Array(b), limit: limit)
    }

    /// The bounded distance of words already split into characters, for callers that
    /// compare each word many times.
    package static func distance(_ a: [Character], _ b: [Character], limit: Int) -> Int? {
        guard limit >= 0, abs(a.count - b.count) <= limit else { return nil }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        // Cells outside the band hold `over`, a value past any answer we keep.
        let over = limit + 1
        var before = [Int](repeating: over, count: b.count + 1)
        var previous = (0...b.count).map { min($0, over) }
        var current = [Int](repeating: over, count: b.count + 1)
        for i in 1...a.count {
            let low = max(1, i - limit), high = min(b.count, i + limit)
            current[0] = min(i, over)
            if low > 1 { current[low - 1] = over }
            var best = current[0]
            for j in low...high {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var cell = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { cell = min(cell, before[j - 2] + 1) }
                current[j] = min(cell, over)
                best = min(best, current[j])
            }
            if high < b.count { current[high + 1] = over }
            // Every path crosses this row; when all of it is over the limit, so is the answer.
            if best > limit { return nil }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count] <= limit ? previous[b.count] : nil
    }
}
