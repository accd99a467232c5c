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
    /// The seconds from a `# timeout:` line: the transcript fails when it runs longer (or
    /// longer than `scenery test --timeout`, when that is lower).
    package let timeout: Int?
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
            } else if SessionLoop.isSessionDirective(line) {
                // The session moves its own clock, or shows what is stored, in its turn among the inputs.
                result[result.count - 1].append(line)
            } else if let input = Self.input(line) {
                result[result.count - 1].append(input)
            }
        }
        return result
    }

    /// Whether a line ends an output block: an input, or a `>> restart`.
    static func startsBlock(_ line: String) -> Bool { line == restart || SessionLoop.isSessionDirective(line) || input(line) != nil }

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
    static let timeoutPrefix = "# timeout:"
    /// The seconds a `# timeout:` line may give, as `--timeout` takes them.
    static let timeouts = 1...86_400

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
        let timeout = value(timeoutPrefix)
        if let timeout, Int(timeout).map({ !Self.timeouts.contains($0) }) ?? true {
            problems.append("'\(timeoutPrefix)' takes whole seconds from 1 to 86400, not '\(timeout)'")
        }
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
            if line.hasPrefix(">>"), line != restart, !SessionLoop.isSessionDirective(line) {
                problems.append(
                    "line \(number): unknown directive '\(line)'; a '>> ' line is '>> restart', '>> absent TEXT', '>> clock +2h', '>> fault P=fail', '>> stored' or '>> actions'"
                )
            }
            if startsBlock(line) { block += 1 }
            expected.append(line)
        }
        return Transcript(
            path: path, header: header, arguments: arguments, app: value("# app:"), state: value("# state:"),
            timeout: timeout.flatMap { Int($0) },
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
    func matchedRuns(in actual: [String]) -> [(lines: ArraySlice<String>, start: Int)]? {
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
        // Bytes, not characters: every transcript's run words this for its reset advice.
        word.utf8.contains(where: { [0x20, 0x09, 0x27, 0x22, 0x5C, 0x23].contains($0) })
            ? "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'" : word
    }
}
