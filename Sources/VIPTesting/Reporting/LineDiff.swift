/// A line-by-line diff of two texts, by longest common subsequence, for failure messages
/// that show what was expected against what happened.
public enum LineDiff {
    public enum Line: Equatable, Sendable {
        case same(String)
        case expected(String)
        case actual(String)
    }

    /// The lines of both texts in order: common lines once, then what only one side has.
    public static func lines(expected: [String], actual: [String]) -> [Line] {
        let n = expected.count, m = actual.count
        // common[i][j]: length of the LCS of expected[i...] and actual[j...].
        var common = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                common[i][j] = expected[i] == actual[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
            }
        }
        var result: [Line] = []
        var i = 0, j = 0
        while i < n || j < m {
            if i < n, j < m, expected[i] == actual[j] {
                result.append(.same(expected[i])); i += 1; j += 1
            } else if j < m, i == n || common[i][j + 1] > common[i + 1][j] {
                result.append(.actual(actual[j])); j += 1
            } else {
                result.append(.expected(expected[i])); i += 1
            }
        }
        return result
    }

    /// The diff as text: `  ` common, `- ` expected only, `+ ` actual only.
    public static func render(expected: String, actual: String) -> String {
        lines(expected: split(expected), actual: split(actual)).map { line in
            switch line {
            case let .same(text): "  \(text)"
            case let .expected(text): "- \(text)"
            case let .actual(text): "+ \(text)"
            }
        }.joined(separator: "\n")
    }

    private static func split(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
}
