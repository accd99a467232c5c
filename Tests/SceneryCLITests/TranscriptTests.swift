import Foundation
import SceneRuntime
import ScenerySupport
import Testing
import VIP

@testable import SceneryCLI

// checks: docs/testing.md#3-a-flow-transcripts
@Suite struct TranscriptTests {
    @Test func wildcardsAreExpandedSoTheDiffShowsOnlyRealChanges() throws {
        let transcript = try Transcript.parse("== A ==\n...\n> go\nnew line\n...\nend\n", path: "t")
        let actual = ["== A ==", "x", "y", "> go", "old line", "z", "end"]
        #expect(!transcript.matches(actual))
        // The missing line takes the place of the similar line the run printed instead, so the
        // diff shows "-new line +old line"; the wildcards stand for the lines around them.
        #expect(transcript.expanded(against: actual) == ["== A ==", "x", "y", "> go", "new line", "z", "end"])
    }

    @Test func aMatchingTranscriptExpandsToTheActualLines() throws {
        let transcript = try Transcript.parse("a\n...\nd\n", path: "t")
        let actual = ["a", "b", "c", "d"]
        #expect(transcript.matches(actual))
        #expect(transcript.expanded(against: actual) == actual)
        // Found by the transcript fuzz target: the first literal line also matches the
        // line the wildcard stands for, and the expansion must still be the output.
        let repeated = try Transcript.parse("...\n> open 1\n== A ==", path: "t")
        let output = ["> open 1", "> open 1", "== A =="]
        #expect(repeated.matches(output))
        #expect(repeated.expanded(against: output) == output)
        #expect(repeated.updated(with: output) == "...\n> open 1\n== A ==\n")
    }

    /// The leftmost-run matcher against the textbook table over every prefix pair.
    @Test func wildcardMatchingAgreesWithTheFullTable() throws {
        var state: UInt64 = 7
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for _ in 0..<2_000 {
            let expected = (0..<next(8)).map { _ in ["a", "b", "...", "a"][next(4)] }
            let actual = (0..<next(10)).map { _ in ["a", "b", "c"][next(3)] }
            let transcript = try Transcript.parse(expected.map { $0 + "\n" }.joined(), path: "t")
            #expect(transcript.matches(actual) == Self.tableMatch(expected, actual), "\(expected) vs \(actual)")
            // An update always gives a transcript that matches.
            #expect(try Transcript.parse(transcript.updated(with: actual), path: "t").matches(actual), "\(expected) vs \(actual)")
            // A matching transcript expands to the output and updates to itself (adjacent
            // wildcards merged into one).
            if transcript.matches(actual) {
                #expect(transcript.expanded(against: actual) == actual, "\(expected) vs \(actual)")
                let merged = expected.enumerated().filter { $0.offset == 0 || !($0.element == "..." && expected[$0.offset - 1] == "...") }
                    .map(\.element)
                #expect(
                    transcript.updated(with: actual) == (merged.isEmpty ? "" : merged.joined(separator: "\n") + "\n"),
                    "\(expected) vs \(actual)")
            }
        }
    }

    /// 10 000 inputs (30 000 lines) with one line changed: the expanded diff shows that line
    /// alone. The n×m tables this replaces took 18 s and 539 MB at 4 000 inputs.
    @Test(.timeLimit(.minutes(1))) func aLongTranscriptMatchesAndDiffsInLinearTime() throws {
        let body = (0..<10_000).flatMap { ["> open \($0)", "== Item \($0) ==", "price: \($0).00"] }
        let transcript = try Transcript.parse(
            "# app: .\n" + (body.prefix(3) + ["..."] + body.dropFirst(6)).joined(separator: "\n") + "\n", path: "t")
        #expect(transcript.matches(body))
        var actual = body
        actual[15_001] = "== Item 5000 (sold out) =="
        #expect(!transcript.matches(actual))
        let diff = LineDiff.lines(expected: transcript.expanded(against: actual), actual: actual)
        #expect(
            diff.filter { if case .same = $0 { false } else { true } } == [
                .expected("== Item 5000 =="), .actual("== Item 5000 (sold out) ==")
            ])
        #expect(try Transcript.parse(transcript.updated(with: actual), path: "t").matches(actual))
    }

    static func tableMatch(_ expected: [String], _ actual: [String]) -> Bool {
        var reachable = [[Bool]](repeating: [Bool](repeating: false, count: actual.count + 1), count: expected.count + 1)
        reachable[expected.count][actual.count] = true
        for i in stride(from: expected.count - 1, through: 0, by: -1) {
            for j in stride(from: actual.count, through: 0, by: -1) {
                reachable[i][j] =
                    expected[i] == "..."
                    ? reachable[i + 1][j] || (j < actual.count && reachable[i][j + 1])
                    : j < actual.count && expected[i] == actual[j] && reachable[i + 1][j + 1]
            }
        }
        return reachable[0][0]
    }

    /// A transcript saved with Windows line endings reads line by line (Swift counts `\r\n`
    /// as one character, so splitting at "\n" read the whole file as one line). Found by
    /// the transcript fuzz target.
    @Test func windowsLineEndingsSplitIntoLines() throws {
        let transcript = try Transcript.parse("# args: --width 40\r\n== A ==\r\n...\r\nend\r\n", path: "t")
        #expect(transcript.arguments == ["--width", "40"])
        #expect(transcript.expected == ["== A ==", "...", "end"])
        #expect(transcript.matches(["== A ==", "x", "end"]))
        #expect(Transcript.lines(of: "a\r\nb\n\nc\r\n") == ["a", "b", "", "c"])
        // Found by the transcript fuzz target: output ending in carriage returns updates to
        // a transcript that matches it.
        #expect(Transcript.lines(of: "\r\r") == [])
        let output = Transcript.lines(of: "x\r\r\n\r\r")
        #expect(try Transcript.parse(try Transcript.parse("", path: "t").updated(with: output), path: "t").matches(output))
        // Output whose first line looks like a header line stays in the body.
        let hashed = ["# args:'", "== A =="]
        #expect(try Transcript.parse("", path: "t").updated(with: hashed) == "...\n# args:'\n== A ==\n")
        #expect(try Transcript.parse(try Transcript.parse("", path: "t").updated(with: hashed), path: "t").matches(hashed))
    }
}
