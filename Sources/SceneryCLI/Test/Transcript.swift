import SceneRuntime
import Foundation

/// A transcript test: header lines starting with `#` (`# args:` adds run flags), then the
/// session as a scripted run prints it — `> ` lines are input, the rest expected output,
/// and a line `...` matches any number of lines.
struct Transcript {
    let path: String
    /// The header lines, kept as written.
    let header: [String]
    /// Run flags from `# args:` lines.
    let arguments: [String]
    /// The app folder from an `# app:` line, relative to the transcript.
    let app: String?
    /// The body: echoed inputs and expected output.
    let expected: [String]

    /// The input lines, in order.
    var inputs: [String] { expected.filter { $0.hasPrefix("> ") || $0 == ">" }.map { String($0.dropFirst(2)) } }

    static let wildcard = "..."

    static func parse(_ text: String, path: String) throws(InputLine.Problem) -> Transcript {
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
    func matches(_ actual: [String]) -> Bool {
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

    /// The transcript with `actual` as its body, for `--update`.
    func updated(with actual: [String]) -> String {
        (header + actual).joined(separator: "\n") + "\n"
    }
}
