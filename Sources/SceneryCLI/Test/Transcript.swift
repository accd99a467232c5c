import SceneRuntime
import Foundation
import VIP

/// A transcript test: header lines starting with `#` (`# args:` adds run flags), then the
/// session as a scripted run prints it — `> ` lines are input, the rest expected output,
/// and a line `...` matches any number of lines.
package struct Transcript {
    package let path: String
    /// The header lines, kept as written.
    package let header: [String]
    /// Run flags from `# args:` lines.
    package let arguments: [String]
    /// The app folder from an `# app:` line, relative to the transcript.
    package let app: String?
    /// The body: echoed inputs and expected output.
    package let expected: [String]

    /// The input lines, in order.
    package var inputs: [String] { expected.filter { $0.hasPrefix("> ") || $0 == ">" }.map { String($0.dropFirst(2)) } }

    static let wildcard = "..."

    package static func parse(_ text: String, path: String) throws(InputLine.Problem) -> Transcript {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        let header = Array(lines.prefix { $0.hasPrefix("#") })
        var arguments: [String] = []
        for line in header where line.hasPrefix("# args:") {
            arguments += try InputLine.split(String(line.dropFirst("# args:".count)))
        }
        let app = header.last { $0.hasPrefix("# app:") }.map { String($0.dropFirst("# app:".count)).trimmingCharacters(in: .whitespaces) }
        return Transcript(path: path, header: header, arguments: arguments, app: app, expected: Array(lines.dropFirst(header.count)))
    }

    /// Whether `actual` matches the expected lines, `...` standing for any lines.
    package func matches(_ actual: [String]) -> Bool {
        let expected = self.expected
        // reachable[i][j]: expected[i...] can match actual[j...].
        var reachable = [[Bool]](repeating: [Bool](repeating: false, count: actual.count + 1), count: expected.count + 1)
        reachable[expected.count][actual.count] = true
        for i in stride(from: expected.count - 1, through: 0, by: -1) {
            for j in stride(from: actual.count, through: 0, by: -1) {
                if expected[i] == Self.wildcard {
                    reachable[i][j] = reachable[i + 1][j] || (j < actual.count && reachable[i][j + 1])
                } else {
                    reachable[i][j] = j < actual.count && expected[i] == actual[j] && reachable[i + 1][j + 1]
                }
            }
        }
        return reachable[0][0]
    }

    /// The expected lines with each `...` replaced by the actual lines it best stands for,
    /// so a diff against `actual` shows only real differences, not the wildcards. An expected
    /// line the run did not print is set beside the most similar line a wildcard would have
    /// swallowed, so the diff shows the two as a change.
    package func expanded(against actual: [String]) -> [String] {
        alignment(against: actual).compactMap { step in
            switch step {
            case let .match(line), let .absorb(line), let .missing(line): line
            case .extra, .wildcard: nil
            }
        }
    }

    /// The transcript rewritten to match `actual`, for `--update`: lines that still match
    /// stay as written, a `...` stays wherever it still stands for lines, lines the run no
    /// longer printed go and new ones come in. `arguments` (the width and locale the run
    /// used, when the header does not give them) join the last `# args:` line, or a new one.
    package func updated(with actual: [String], adding arguments: [String] = []) -> String {
        var body: [String] = []
        for step in alignment(against: actual) {
            switch step {
            case .wildcard, .absorb:
                if body.last != Self.wildcard { body.append(Self.wildcard) }
            case let .match(line), let .extra(line):
                body.append(line)
            case .missing:
                break
            }
        }
        var header = self.header
        if !arguments.isEmpty {
            let added = arguments.map(Self.shellQuoted).joined(separator: " ")
            if let last = header.lastIndex(where: { $0.hasPrefix("# args:") }) {
                header[last] += " " + added
            } else {
                header.append("# args: " + added)
            }
        }
        return (header + body).joined(separator: "\n") + "\n"
    }

    private static func shellQuoted(_ word: String) -> String {
        word.contains(where: { " \t'\"\\#".contains($0) }) ? "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'" : word
    }

    /// The expected lines lined up against `actual`: most literal lines matched in order,
    /// the rest absorbed by wildcards, missing, or extra; a missing line then sits beside
    /// the most similar line a wildcard would have swallowed, which becomes extra.
    private func alignment(against actual: [String]) -> [AlignmentStep] {
        let expected = self.expected
        let n = expected.count, m = actual.count
        // best[i][j]: most literal lines of expected[i...] matched in order within actual[j...].
        var best = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m, through: 0, by: -1) {
                var score = best[i + 1][j]
                if j < m {
                    score = max(score, best[i][j + 1])
                    if expected[i] != Self.wildcard, expected[i] == actual[j] { score = max(score, best[i + 1][j + 1] + 1) }
                }
                best[i][j] = score
            }
        }
        var steps: [AlignmentStep] = []
        var i = 0, j = 0
        var inWildcard = false
        while i < n || j < m {
            if i < n, expected[i] == Self.wildcard {
                if !inWildcard {
                    steps.append(.wildcard)
                    inWildcard = true
                }
                if j < m, best[i][j + 1] == best[i][j] {
                    steps.append(.absorb(actual[j]))
                    j += 1
                } else {
                    i += 1
                    inWildcard = false
                }
            } else if i < n, j < m, expected[i] == actual[j], best[i + 1][j + 1] + 1 == best[i][j] {
                steps.append(.match(expected[i]))
                i += 1
                j += 1
            } else if i < n, best[i + 1][j] == best[i][j] {
                steps.append(.missing(expected[i]))
                i += 1
            } else {
                steps.append(.extra(actual[j]))
                j += 1
            }
        }
        // Pair each missing line with the most similar swallowed line between the matches around it.
        for index in steps.indices {
            guard case let .missing(line) = steps[index] else { continue }
            var low = index, high = index
            while low > 0, !steps[low - 1].isMatch { low -= 1 }
            while high < steps.count - 1, !steps[high + 1].isMatch { high += 1 }
            var choice: (index: Int, distance: Int)?
            for candidate in low...high {
                guard case let .absorb(text) = steps[candidate] else { continue }
                let distance = Suggestions.editDistance(line, text)
                guard distance <= max(line.count, text.count) / 2 else { continue }
                if let current = choice, current.distance <= distance { continue }
                choice = (candidate, distance)
            }
            guard let choice, case let .absorb(text) = steps[choice.index] else { continue }
            steps[choice.index] = .extra(text)
            steps.remove(at: index)
            steps.insert(.missing(line), at: choice.index > index ? choice.index - 1 : choice.index)
        }
        return steps
    }
}

/// One step of lining a transcript up against a run's output.
private enum AlignmentStep {
    /// An expected line the run printed.
    case match(String)
    /// An output line a `...` stands for.
    case absorb(String)
    /// An expected line the run did not print.
    case missing(String)
    /// An output line nothing expected.
    case extra(String)
    /// Where a `...` begins; the lines it stands for follow as `absorb`.
    case wildcard

    var isMatch: Bool {
        if case .match = self { return true }
        return false
    }
}
