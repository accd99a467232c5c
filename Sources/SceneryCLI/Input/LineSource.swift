import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a session's input lines come from: a script file, or standard input.
struct LineSource {
    /// True when a person types at a terminal: then lines are not echoed and a prompt is shown.
    let isInteractive: Bool
    private var next: () -> String?

    static func standardInput() -> LineSource {
        LineSource(isInteractive: isatty(STDIN_FILENO) == 1) { Swift.readLine(strippingNewline: true) }
    }

    static func script(at path: String) throws(UsageError) -> LineSource {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw UsageError("cannot read script '\(path)'")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw UsageError("script '\(path)' is not UTF-8 text")
        }
        return lines(text)
    }

    static func lines(_ text: String) -> LineSource {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.hasSuffix("\r") ? String($0.dropLast()) : String($0)
        }
        if lines.last == "" { lines.removeLast() }
        var index = 0
        return LineSource(isInteractive: false) {
            guard index < lines.count else { return nil }
            defer { index += 1 }
            return lines[index]
        }
    }

    init(isInteractive: Bool, next: @escaping () -> String?) {
        self.isInteractive = isInteractive
        self.next = next
    }

    mutating func readLine() -> String? { next() }
}
