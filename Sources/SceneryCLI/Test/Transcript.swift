import Foundation
import LineRenderer
import SceneRuntime
import ScenerySupport
import VIP

/// A transcript test: header lines starting with `#` (`# args:` adds run flags, `# state:`
/// names a seed folder for its state folder), then the session as a scripted run prints it
/// — `> ` lines are input, `>> ` lines directives (`>> restart`, `>> absent TEXT`), the rest
/// expected output, and a line `...` matches any number of lines.
package struct Transcript {
    package let path: String
    /// The header lines, kept as written.
    package let header: [String]
    /// Run flags from `# args:` lines.
    package let arguments: [String]
    /// The app folder from an `# app:` line, relative to the transcript.
    package let app: String?
    /// The seed folder from a `# state:` line, relative to the transcript: copied into the
    /// run's fresh state folder before the app starts.
    package let state: String?
    /// The body: echoed inputs, directives and expected output, as written.
    package let body: [String]
    /// The lines the output is compared with: the body without its `>> absent` lines, which
    /// stand for no output. A `>> restart` line stays: the run echoes it.
    package let expected: [String]
    /// The `>> absent TEXT` lines.
    package let absences: [Absence]
    /// What is wrong with the body's directives (an unknown `>> ` line), one reason a line.
    package let problems: [String]

    /// `>> absent TEXT`: no line of the output block it sits in contains TEXT.
    package struct Absence: Equatable {
        package let text: String
        /// The line of the transcript file, from 1.
        package let line: Int
        /// How many inputs and `>> restart` lines come before it: its output block.
        package let block: Int
        /// How many expected lines come before it, for `--update` to put it back.
        package let after: Int
    }

    /// The directive that ends a session and starts the app again on the same state folder.
    package static let restart = ">> restart"
    static let absentPrefix = ">> absent "

    /// The input lines, in order.
    package var inputs: [String] { expected.compactMap(Self.input) }

    /// The input lines of each session: split at every `>> restart`.
    package var sessions: [[String]] {
        var result: [[String]] = [[]]
        for line in expected {
            if line == Self.restart {
                result.append([])
            } else if let input = Self.input(line) {
                result[result.count - 1].append(input)
            }
        }
        return result
    }

    /// Whether a line ends an output block: an input, or a `>> restart`.
    static func startsBlock(_ line: String) -> Bool { line == restart || input(line) != nil }

    /// The input a line echoes: `> line` as text runs echo it, or `{"input": "line"}` as
    /// `--format json` runs do, so the output of either is a transcript as it stands.
    static func input(_ line: String) -> String? {
        if line.hasPrefix("> ") || line == ">" { return String(line.dropFirst(2)) }
        guard line.hasPrefix("{"), line.hasSuffix("}"), line.contains(#""input""#),
            case let .record(record)? = try? ValueJSON.parse(Array(line.utf8)), record.fields.count == 1,
            case let .string(text)? = record["input"]
        else { return nil }
        return text
    }

    static let wildcard = "..."

    package static func parse(_ text: String, path: String) throws(InputLine.Problem) -> Transcript {
        let lines = Self.lines(of: text)
        let header = Array(lines.prefix { $0.hasPrefix("#") })
        var arguments: [String] = []
        for line in header where line.hasPrefix("# args:") {
            arguments += try InputLine.split(String(line.dropFirst("# args:".count)))
        }
        func value(_ key: String) -> String? {
            header.last { $0.hasPrefix(key) }.map { String($0.dropFirst(key.count)).trimmingCharacters(in: .whitespaces) }
        }
        let body = Array(lines.dropFirst(header.count))
        var expected: [String] = []
        var absences: [Absence] = []
        var problems: [String] = []
        var block = 0
        for (index, line) in body.enumerated() {
            let number = header.count + index + 1
            if line.hasPrefix(absentPrefix) {
                let text = String(line.dropFirst(absentPrefix.count))
                if text.isEmpty {
                    problems.append("line \(number): '>> absent' needs the text that must not appear: '>> absent TEXT'")
                }
                absences.append(Absence(text: text, line: number, block: block, after: expected.count))
                continue
            }
            if line.hasPrefix(">>"), line != restart {
                problems.append("line \(number): unknown directive '\(line)'; a '>> ' line is '>> restart' or '>> absent TEXT'")
            }
            if startsBlock(line) { block += 1 }
            expected.append(line)
        }
        return Transcript(
            path: path, header: header, arguments: arguments, app: value("# app:"), state: value("# state:"),
            body: body, expected: expected, absences: absences, problems: problems)
    }

    /// For each `>> absent` that failed, why: `line N: 'TEXT' appeared: LINE`, naming the
    /// transcript's line and the first output line of its block that holds TEXT. A block's
    /// bounds are its input (or `>> restart`) and the next one, found in `actual` in order.
    package func absenceFailures(in actual: [String]) -> [String] {
        guard !absences.isEmpty else { return [] }
        // Where each block starts in `actual`: after the line that opens it; nil when that
        // line is not there (the block printed nothing the transcript can place).
        var starts: [Int?] = [0]
        var position = 0
        for line in expected where Self.startsBlock(line) {
            guard let previous = starts.last, previous != nil,
                let found = actual[min(position, actual.count)...].firstIndex(of: line)
            else {
                starts.append(nil)
                continue
            }
            starts.append(found + 1)
            position = found + 1
        }
        var failures: [String] = []
        for absence in absences {
            guard absence.block < starts.count, let start = starts[absence.block] else { continue }
            let next = absence.block + 1 < starts.count ? starts[absence.block + 1] : nil
            let end = next.map { $0 - 1 } ?? actual.count
            if let line = actual[start..<max(start, end)].first(where: { $0.contains(absence.text) }) {
                failures.append("line \(absence.line): '\(absence.text)' appeared: \(line)")
            }
        }
        return failures
    }

    /// The lines of a transcript or of a run's output: split at each newline — a Windows
    /// `\r\n` too, which Swift counts as one character, not as `\n` — without the `\r` (every
    /// carriage return at a line's end: a line cannot be written back with one), and
    /// without the empty line after a final newline.
    package static func lines(of text: String) -> [String] {
        var lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var line = line
            while line.last == "\r" { line.removeLast() }
            return String(line)
        }
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// Whether `actual` matches the expected lines, `...` standing for any lines. The
    /// literal runs between wildcards are found leftmost, in order — which decides a match
    /// for wildcards that stand for anything — in time linear in both lengths.
    /// Output with wrapped error banners as runs printed them before each banner line
    /// started with `! ` matches too, so transcripts recorded then still pass.
    package func matches(_ actual: [String]) -> Bool {
        if matchedRuns(in: actual) != nil { return true }
        let earlier = BannerLayout.earlier(actual, width: width, expected: expected)
        return earlier != actual && matchedRuns(in: earlier) != nil
    }

    /// The frame width the transcript's run uses: its `--width`, or the default.
    var width: Int {
        guard let flag = arguments.lastIndex(of: "--width"), flag + 1 < arguments.count, let width = Int(arguments[flag + 1]) else {
            return LineRenderer.defaultWidth
        }
        return width
    }

    /// The runs of literal lines between wildcards, each with where it starts in `actual`,
    /// when the transcript matches it; nil when it does not.
    private func matchedRuns(in actual: [String]) -> [(lines: ArraySlice<String>, start: Int)]? {
        let runs = expected.split(separator: Self.wildcard, omittingEmptySubsequences: false)
        guard runs.count > 1, let first = runs.first, let last = runs.last else { return expected == actual ? [(expected[...], 0)] : nil }
        guard actual.count >= first.count + last.count, actual.starts(with: first), actual.suffix(last.count).elementsEqual(last) else {
            return nil
        }
        var matched = [(lines: first, start: 0)]
        var position = first.count
        let end = actual.count - last.count
        for run in runs.dropFirst().dropLast() {
            guard let found = run.isEmpty ? position : Self.find(Array(run), in: actual[position..<end]) else { return nil }
            matched.append((run, found))
            position = found + run.count
        }
        return matched + [(last, end)]
    }

    /// Where `run` first occurs in `lines` (Knuth–Morris–Pratt, linear).
    private static func find(_ run: [String], in lines: ArraySlice<String>) -> Int? {
        var fallback = [0]
        var length = 0
        for index in run.indices.dropFirst() {
            while length > 0, run[index] != run[length] { length = fallback[length - 1] }
            if run[index] == run[length] { length += 1 }
            fallback.append(length)
        }
        var matched = 0
        for index in lines.indices {
            while matched > 0, lines[index] != run[matched] { matched = fallback[matched - 1] }
            if lines[index] == run[matched] { matched += 1 }
            if matched == run.count { return index - run.count + 1 }
        }
        return nil
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
        // `>> absent` lines go back after the expected line they followed: right after it when
        // it still matches, else after the lines that came in its place — always before the
        // next expected line that stays.
        let attached = Dictionary(grouping: absences, by: \.after).mapValues { $0.map { Self.absentPrefix + $0.text } }
        var pending = attached[0] ?? []
        var afterMatch = false
        var consumed = 0
        for step in alignment(against: actual) {
            switch step {
            case .match, .wildcard:
                body += pending
                pending = []
            case .extra where afterMatch:
                body += pending
                pending = []
            case .absorb, .extra, .missing:
                break
            }
            switch step {
            case .wildcard, .absorb:
                if body.last != Self.wildcard { body.append(Self.wildcard) }
            case let .match(line), let .extra(line):
                body.append(line)
            case .missing:
                break
            }
            switch step {
            case .wildcard, .match, .missing:
                consumed += 1
                if let added = attached[consumed] {
                    pending += added
                    if case .match = step { afterMatch = true } else { afterMatch = false }
                }
            case .absorb, .extra:
                break
            }
        }
        body += pending
        // A first line starting with `#` would read back as a header line: a `...` before it
        // (standing for no lines) keeps it in the body.
        if body.first?.hasPrefix("#") == true { body.insert(Self.wildcard, at: 0) }
        var header = self.header
        if !arguments.isEmpty {
            let added = arguments.map(Self.shellQuoted).joined(separator: " ")
            if let last = header.lastIndex(where: { $0.hasPrefix("# args:") }) {
                header[last] += " " + added
            } else {
                header.append("# args: " + added)
            }
        }
        let lines = header + body
        return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }

    /// `arguments` with the path of each `--fixture P=FILE`, `--state-dir DIR` and `--state-from DIR` passed
    /// through `transform`: the paths `# args:` holds relative to its transcript.
    static func mappingPaths(_ arguments: [String], _ transform: (String) -> String) -> [String] {
        var result: [String] = []
        var previous = ""
        for argument in arguments {
            var value = argument
            if previous == "--fixture", let equals = argument.firstIndex(of: "=") {
                value = String(argument[...equals]) + transform(String(argument[argument.index(after: equals)...]))
            } else if previous == "--state-dir" || previous == "--state-from" {
                value = transform(argument)
            }
            result.append(value)
            previous = argument
        }
        return result
    }

    /// A word as `# args:` reads it back: quoted when it holds a blank, a quote, a backslash or `#`.
    static func shellQuoted(_ word: String) -> String {
        word.contains(where: { " \t'\"\\#".contains($0) }) ? "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'" : word
    }

    /// The expected lines lined up against `actual`: most literal lines matched in order
    /// (the line diff, on the literal lines), the rest absorbed by wildcards, missing, or
    /// extra; a missing line then sits beside the most similar line a wildcard would have
    /// swallowed, which becomes extra.
    private func alignment(against actual: [String]) -> [AlignmentStep] {
        // A matching transcript lines up as it matched: each wildcard stands for the lines
        // between the runs around it.
        if let runs = matchedRuns(in: actual) {
            var steps: [AlignmentStep] = []
            var position = 0
            for run in runs {
                if run.lines.startIndex > 0 {  // a `...` comes before every run but the first
                    steps.append(.wildcard)
                    steps += actual[position..<run.start].map(AlignmentStep.absorb)
                }
                steps += run.lines.map(AlignmentStep.match)
                position = run.start + run.lines.count
            }
            return steps
        }
        let literals = expected.indices.filter { expected[$0] != Self.wildcard }
        // Pairs of (expected index, actual index) the diff keeps.
        var matched: [(expected: Int, actual: Int)] = []
        var literal = 0, line = 0
        for step in LineDiff.lines(expected: literals.map { expected[$0] }, actual: actual) {
            switch step {
            case .same:
                matched.append((literals[literal], line))
                literal += 1
                line += 1
            case .expected: literal += 1
            case .actual: line += 1
            }
        }
        var steps: [AlignmentStep] = []
        var previous = (expected: -1, actual: -1)
        // One budget of compared characters for the whole alignment, however many gaps.
        var budget = Self.pairingBudget
        for match in matched + [(expected.count, actual.count)] {
            steps += Self.gap(
                expected: expected[(previous.expected + 1)..<match.expected], actual: actual[(previous.actual + 1)..<match.actual],
                budget: &budget)
            if match.expected < expected.count { steps.append(.match(expected[match.expected])) }
            previous = match
        }
        return steps
    }

    /// How many characters the pairing of similar lines may compare in one alignment: enough
    /// for every gap a real transcript has, and a bound on what a hostile one costs.
    private static let pairingBudget = 1_000_000

    /// The steps between two matched lines: literal lines missing, the first wildcard
    /// absorbing every output line there (or, with none, those lines extra). A missing line
    /// then pairs with the most similar absorbed line, which becomes extra beside it.
    private static func gap(expected: ArraySlice<String>, actual: ArraySlice<String>, budget: inout Int) -> [AlignmentStep] {
        var steps: [AlignmentStep] = []
        var absorbed = false
        for line in expected {
            if line == wildcard {
                steps.append(.wildcard)
                if !absorbed { steps += actual.map(AlignmentStep.absorb) }
                absorbed = true
            } else {
                steps.append(.missing(line))
            }
        }
        if !absorbed { steps += actual.map(AlignmentStep.extra) }
        // Pairing compares lines two by two, each at a cost bounded by the distance it may
        // still improve on; past a budget of compared characters the rest stay unpaired.
        guard expected.count * actual.count <= 10_000, budget > 0 else { return steps }
        // Each line split into characters once, however many lines it is compared with.
        var characters: [Int: [Character]] = [:]
        for index in steps.indices {
            switch steps[index] {
            case let .missing(line), let .absorb(line): characters[index] = Array(line)
            default: break
            }
        }
        var pairedWith: [Int: String] = [:]  // absorbed line's step → the missing line set beside it
        var moved: Set<Int> = []
        for index in steps.indices {
            guard case let .missing(line) = steps[index], let a = characters[index], a.count <= 200 else { continue }
            var choice: (index: Int, distance: Int)?
            for candidate in steps.indices where pairedWith[candidate] == nil {
                guard case .absorb = steps[candidate], let b = characters[candidate], b.count <= 200 else { continue }
                var limit = max(a.count, b.count) / 2
                if let current = choice { limit = min(limit, current.distance - 1) }
                guard limit >= 0 else { break }
                guard abs(a.count - b.count) <= limit else { continue }
                budget -= (2 * limit + 1) * min(a.count, b.count)
                guard budget >= 0 else { break }
                guard let distance = Suggestions.distance(a, b, limit: limit) else { continue }
                choice = (candidate, distance)
            }
            guard let choice else { continue }
            pairedWith[choice.index] = line
            moved.insert(index)
        }
        guard !moved.isEmpty else { return steps }
        return steps.indices.flatMap { index -> [AlignmentStep] in
            if moved.contains(index) { return [] }
            if let line = pairedWith[index], case let .absorb(text) = steps[index] { return [.missing(line), .extra(text)] }
            return [steps[index]]
        }
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
}
