import Testing
import VIPTesting

@testable import ScenerySupport

@Suite struct LineDiffTests {
    @Test func marksWhatOnlyOneSideHas() {
        let diff = LineDiff.render(expected: "a\nb\nc\nd", actual: "a\nc\nd\ne")
        #expect(diff == "  a\n- b\n  c\n  d\n+ e")
    }

    @Test func equalTextsHaveNoMarks() {
        #expect(LineDiff.lines(expected: ["x", "y"], actual: ["x", "y"]) == [.same("x"), .same("y")])
    }

    @Test func aChangedLineIsRemovedThenAdded() {
        #expect(LineDiff.lines(expected: ["total: 1"], actual: ["total: 2"]) == [.expected("total: 1"), .actual("total: 2")])
    }

    /// Against the textbook n×m table: as many common lines (a minimal diff), and each
    /// side read back from the diff is what went in.
    @Test func randomTextsGetAMinimalDiffThatGivesBackBothSides() {
        var generator = SeededRandom(seed: 9)
        for _ in 0..<500 {
            let a = (0..<Int.random(in: 0...30, using: &generator)).map { _ in ["a", "b", "c", "d"].randomElement(using: &generator)! }
            let b = (0..<Int.random(in: 0...30, using: &generator)).map { _ in ["a", "b", "c", "d"].randomElement(using: &generator)! }
            let diff = LineDiff.lines(expected: a, actual: b)
            #expect(Self.sides(diff).expected == a)
            #expect(Self.sides(diff).actual == b)
            #expect(diff.count { if case .same = $0 { true } else { false } } == Self.commonLength(a, b), "\(a) \(b)")
        }
    }

    /// Long texts that differ in a few lines diff to those lines (linear in the length;
    /// the n×m table this replaces needed 7 GB here). Past the edit bound the diff stays
    /// correct: what differs is all removed, then all added.
    @Test(.timeLimit(.minutes(1))) func longTextsDiffByTheirChangesAndManyChangesStayCorrect() {
        let a = (0..<30_000).map { "line \($0)" }
        var b = a
        b[10] = "changed"
        b.remove(at: 20_000)
        b.insert("new", at: 29_000)
        let diff = LineDiff.lines(expected: a, actual: b)
        #expect(
            diff.filter { if case .same = $0 { false } else { true } } == [
                .expected("line 10"), .actual("changed"), .expected("line 20000"), .actual("new")
            ])
        let c = (0..<30_000).map { "other \($0)" }
        let apart = LineDiff.lines(expected: a, actual: c)
        #expect(Self.sides(apart).expected == a && Self.sides(apart).actual == c)
        #expect(apart.count == 60_000)
    }

    /// At ``LineDiff/maxEdits`` differences the diff is minimal (the one common line between
    /// the changes is kept); past it, the middle is all removed then all added.
    @Test(arguments: [(LineDiff.maxEdits / 4, true), (LineDiff.maxEdits / 4 + 1, false)])
    func theEditBound(each: Int, keepsTheCommonLine: Bool) {
        func lines(_ prefix: String) -> [String] { (0..<each).map { "\(prefix)\($0)" } }
        let a = lines("p") + ["common"] + lines("q"), b = lines("r") + ["common"] + lines("s")
        let diff = LineDiff.lines(expected: a, actual: b)
        #expect(diff.contains(.same("common")) == keepsTheCommonLine)
        #expect(Self.sides(diff).expected == a && Self.sides(diff).actual == b)
    }

    static func sides(_ diff: [LineDiff.Line]) -> (expected: [String], actual: [String]) {
        var expected: [String] = [], actual: [String] = []
        for line in diff {
            switch line {
            case let .same(text):
                expected.append(text)
                actual.append(text)
            case let .expected(text): expected.append(text)
            case let .actual(text): actual.append(text)
            }
        }
        return (expected, actual)
    }

    static func commonLength(_ a: [String], _ b: [String]) -> Int {
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        return table[0][0]
    }
}
