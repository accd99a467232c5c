import Testing
import VIPTesting

@testable import ScenerySupport

@Suite struct SuggestionTests {
    @Test(
        arguments: [
            ("prodcts", ["products", "cart"], "products"),
            ("Cart", ["cart", "card"], "cart"),
            ("xyz", ["products", "cart"], nil),
            ("lod", ["load", "open"], "load")
        ] as [(String, [String], String?)])
    func suggestsTheClosestLikelyTypo(word: String, candidates: [String], expected: String?) {
        #expect(Suggestions.closest(to: word, in: candidates) == expected)
    }

    @Test func countsATranspositionAsOneEdit() {
        #expect(Suggestions.editDistance("recieve", "receive") == 1)
        #expect(Suggestions.editDistance("", "abc") == 3)
        #expect(Suggestions.editDistance("kitten", "sitting") == 3)
    }

    /// The banded distance agrees with the full table whenever the answer is within the
    /// limit, and is nil exactly when it is not — checked on seeded random words over a
    /// small alphabet, where edits, repeats and transpositions are common.
    @Test func theBoundedDistanceAgreesWithTheFullTable() {
        var random = SeededRandom(seed: 7)
        for _ in 0..<3_000 {
            let a = Self.randomWord(&random), b = Self.randomWord(&random)
            let full = Self.fullTable(Array(a), Array(b))
            #expect(Suggestions.editDistance(a, b) == full, "\(a) / \(b)")
            for limit in 0...6 {
                let bounded = Suggestions.editDistance(a, b, limit: limit)
                #expect(bounded == (full <= limit ? full : nil), "\(a) / \(b) within \(limit)")
            }
        }
    }

    /// Optimal string alignment distance over the whole table, the definition the banded
    /// version must keep.
    static func randomWord(_ random: inout SeededRandom) -> String {
        String((0..<Int.random(in: 0...9, using: &random)).map { _ in "abcé".randomElement(using: &random) ?? "a" })
    }

    static func fullTable(_ a: [Character], _ b: [Character]) -> Int {
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in stride(from: 1, through: a.count, by: 1) {
            for j in stride(from: 1, through: b.count, by: 1) {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1) }
            }
        }
        return table[a.count][b.count]
    }
}
