import SceneryCLI
import ScenerySupport
import VIP

extension FuzzTarget {
    /// A transcript and a run's output (split at the first NUL byte) through the matcher,
    /// the expected-versus-actual alignment, the `>> absent` checks, the diff and `--update`.
    /// An updated transcript matches the output it was updated from.
    static let transcript = FuzzTarget(name: "transcript", summary: "transcript parsing, matching, diffs and --update") { bytes in
        let split = bytes.firstIndex(of: 0) ?? bytes.count
        let text = String(decoding: bytes[..<split], as: UTF8.self)
        let output = String(decoding: bytes[min(split + 1, bytes.count)...], as: UTF8.self)
        guard let transcript = try? Transcript.parse(text, path: "fuzz.txt") else { return }
        let actual = Transcript.lines(of: output)
        let matched = transcript.matches(actual)
        _ = transcript.absenceFailures(in: actual)
        _ = LineDiff.unified(expected: transcript.expanded(against: actual), actual: actual, expectedName: "a", actualName: "b")
        guard let updated = try? Transcript.parse(transcript.updated(with: actual), path: "fuzz.txt") else {
            require(false, "an updated transcript does not parse")
            return
        }
        // An output line that reads as `>> absent TEXT` cannot be written as expected output.
        if !actual.contains(where: { $0.hasPrefix(">> absent ") }) {
            require(updated.matches(actual), "an updated transcript does not match its output")
        }
        if matched { require(transcript.expanded(against: actual) == actual, "a matching transcript expands to other lines") }
    }
}
