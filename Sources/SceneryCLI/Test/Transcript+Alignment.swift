import Foundation
import LineRenderer
import SceneRuntime
import ScenerySupport
import VIP

/// A transcript lined up against a run's output: for the diff of a failure, and rewritten
/// to match what ran for `--update`.
extension Transcript {
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
