import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a session's input lines come from: a script file, or standard input. Lines are
/// read with bounded memory (``LineReader``); one over 64 KiB comes as `.tooLong`.
package struct LineSource {
    /// True when a person types at a terminal: then lines are not echoed and a prompt is shown.
    package let isInteractive: Bool
    private var next: () -> LineReader.Line?

    package static func standardInput() -> LineSource {
        let reader = LineReader(descriptor: STDIN_FILENO, closesOnDeinit: false)
        return LineSource(isInteractive: isatty(STDIN_FILENO) == 1) { reader.next() }
    }

    package static func script(at path: String) throws(UsageError) -> LineSource {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw UsageError(
                "cannot read script '\(path)': no such file", hint: "give the path of a file of input lines, one action a line")
        }
        guard !isDirectory.boolValue else { throw UsageError("cannot read script '\(path)': it is a folder") }
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw UsageError("cannot read script '\(path)': \(String(cString: strerror(errno)).lowercased())") }
        let reader = LineReader(descriptor: descriptor, closesOnDeinit: true)
        return LineSource(isInteractive: false) { reader.next() }
    }

    package static func lines(_ text: String) -> LineSource {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.hasSuffix("\r") ? String($0.dropLast()) : String($0)
        }
        if lines.last == "" { lines.removeLast() }
        var index = 0
        return LineSource(isInteractive: false) {
            guard index < lines.count else { return nil }
            defer { index += 1 }
            return .text(lines[index])
        }
    }

    package init(isInteractive: Bool, next: @escaping () -> LineReader.Line?) {
        self.isInteractive = isInteractive
        self.next = next
    }

    package mutating func readLine() -> LineReader.Line? { next() }
}
