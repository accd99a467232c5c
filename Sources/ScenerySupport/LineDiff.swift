/// A line-by-line diff of two texts, for failure messages that show what was expected
/// against what happened: Myers' O((n+m)·D) shortest edit script after the common head
/// and tail are set aside, so long transcripts that differ in a few lines diff in linear
/// time. Past ``maxEdits`` differences the middle is shown as all removed, then all added:
/// still a correct diff, at bounded cost.
package enum LineDiff {
    package enum Line: Equatable, Sendable {
        case same(String)
        case expected(String)
        case actual(String)
    }

    /// The most differences searched for a minimal diff (memory grows with its square).
    package static let maxEdits = 2_000

    /// The lines of both texts in order: common lines once, then what only one side has.
    package static func lines(expected: [String], actual: [String]) -> [Line] {
        var head = 0
        while head < expected.count, head < actual.count, expected[head] == actual[head] { head += 1 }
        var endExpected = expected.count, endActual = actual.count
        while endExpected > head, endActual > head, expected[endExpected - 1] == actual[endActual - 1] {
            endExpected -= 1
            endActual -= 1
        }
        let a = expected[head..<endExpected], b = actual[head..<endActual]
        let middle = shortestEdit(Array(a), Array(b)) ?? (a.map(Line.expected) + b.map(Line.actual))
        return expected[..<head].map(Line.same) + middle + expected[endExpected...].map(Line.same)
    }

    /// Myers' greedy search, keeping each round's furthest reaches to walk the path back;
    /// nil when the texts differ in more than ``maxEdits`` lines.
    private static func shortestEdit(_ a: [String], _ b: [String]) -> [Line]? {
        // Lines as numbers, so the search compares integers.
        var ids: [String: Int] = [:]
        func id(_ line: String) -> Int {
            if let id = ids[line] { return id }
            ids[line] = ids.count
            return ids.count - 1
        }
        let x0 = a.map(id), y0 = b.map(id)
        let n = x0.count, m = y0.count
        let limit = min(n + m, maxEdits)
        // reach[k + offset]: furthest x on diagonal k (k = x - y).
        let offset = limit + 1
        var reach = [Int](repeating: 0, count: 2 * limit + 3)
        var rounds: [[Int]] = []
        for d in 0...limit {
            rounds.append(Array(reach[(offset - d)...(offset + d)]))
            for k in stride(from: -d, through: d, by: 2) {
                var x =
                    k == -d || (k != d && reach[offset + k - 1] < reach[offset + k + 1]) ? reach[offset + k + 1] : reach[offset + k - 1] + 1
                var y = x - k
                while x < n, y < m, x0[x] == y0[y] {
                    x += 1
                    y += 1
                }
                reach[offset + k] = x
                if x >= n, y >= m { return path(a, b, rounds: rounds, d: d) }
            }
        }
        return nil
    }

    /// The edit path back from (n, m), round by round.
    private static func path(_ a: [String], _ b: [String], rounds: [[Int]], d: Int) -> [Line] {
        var x = a.count, y = b.count
        var reversed: [Line] = []
        for round in stride(from: d, through: 1, by: -1) {
            let before = rounds[round]
            let k = x - y
            // `before` holds the reaches after round-1, indexed from -round.
            func at(_ diagonal: Int) -> Int { before[diagonal + round] }
            let down = k == -round || (k != round && at(k - 1) < at(k + 1))
            let previousK = down ? k + 1 : k - 1
            let previousX = at(previousK)
            let previousY = previousX - previousK
            while x > previousX, y > previousY {
                x -= 1
                y -= 1
                reversed.append(.same(a[x]))
            }
            if down {
                y -= 1
                reversed.append(.actual(b[y]))
            } else {
                x -= 1
                reversed.append(.expected(a[x]))
            }
        }
        while x > 0, y > 0 {
            x -= 1
            y -= 1
            reversed.append(.same(a[x]))
        }
        return reversed.reversed()
    }

    /// The diff as text: `  ` common, `- ` expected only, `+ ` actual only.
    package static func render(expected: String, actual: String) -> String {
        lines(expected: split(expected), actual: split(actual)).map { line in
            switch line {
            case let .same(text): "  \(text)"
            case let .expected(text): "- \(visible(text))"
            case let .actual(text): "+ \(visible(text))"
            }
        }.joined(separator: "\n")
    }

    /// A changed line with the characters a reader cannot see written as escapes — a
    /// no-break space as `\u{A0}`, a zero-width space as `\u{200B}`, a tab as `\u{9}` — so
    /// two lines that differ only there do not look the same. A plain space stays.
    package static func visible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isInvisible) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if isInvisible(scalar) {
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// White space other than the plain space, and format characters (zero-width spaces and
    /// joiners, the byte-order mark, direction marks).
    private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar != " " else { return false }
        return scalar.properties.isWhitespace || scalar.properties.generalCategory == .format
            || scalar.properties.generalCategory == .control
    }

    private static func split(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
}

extension LineDiff {
    /// A unified diff (`---`/`+++` headers, `@@` hunks with `context` lines around changes),
    /// or an empty string when the texts are equal.
    package static func unified(expected: [String], actual: [String], expectedName: String, actualName: String, context: Int = 3) -> String
    {
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
                case .same:
                    oldLine += 1
                    newLine += 1
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
                case let .expected(text): output.append("-\(visible(text))")
                case let .actual(text): output.append("+\(visible(text))")
                }
            }
        }
        return output.joined(separator: "\n")
    }
}
