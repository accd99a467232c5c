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

extension LineDiff {
    /// A unified diff (`---`/`+++` headers, `@@` hunks with `context` lines around changes),
    /// or an empty string when the texts are equal.
    public static func unified(expected: [String], actual: [String], expectedName: String, actualName: String, context: Int = 3) -> String {
        let lines = lines(expected: expected, actual: actual)
        let changed = lines.indices.filter { if case .same = lines[$0] { false } else { true } }
        guard !changed.isEmpty else { return "" }
        // Group changes whose context windows touch into hunks.
        var hunks: [ClosedRange<Int>] = []
        for index in changed {
            let window = max(0, index - context)...min(lines.count - 1, index + context)
            if let last = hunks.last, window.lowerBound <= last.upperBound + 1 {
                hunks[hunks.count - 1] = last.lowerBound...window.upperBound
            } else {
                hunks.append(window)
            }
        }
        var output = ["--- \(expectedName)", "+++ \(actualName)"]
        for hunk in hunks {
            // Line numbers on each side where the hunk starts.
            var oldLine = 1, newLine = 1
            for line in lines[..<hunk.lowerBound] {
                switch line {
                case .same: oldLine += 1; newLine += 1
                case .expected: oldLine += 1
                case .actual: newLine += 1
                }
            }
            let body = lines[hunk]
            let oldCount = body.count { if case .actual = $0 { false } else { true } }
            let newCount = body.count { if case .expected = $0 { false } else { true } }
            output.append("@@ -\(oldLine),\(oldCount) +\(newLine),\(newCount) @@")
            for line in body {
                switch line {
                case let .same(text): output.append(" \(text)")
                case let .expected(text): output.append("-\(text)")
                case let .actual(text): output.append("+\(text)")
                }
            }
        }
        return output.joined(separator: "\n")
    }
}
