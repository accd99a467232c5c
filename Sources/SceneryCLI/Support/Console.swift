import Foundation

/// Where commands write: standard output and error in the executable, buffers in tests.
public final class Console: @unchecked Sendable {
    private let writeOut: (String) -> Void
    private let writeError: (String) -> Void

    public init(out: @escaping (String) -> Void, error: @escaping (String) -> Void) {
        writeOut = out
        writeError = error
    }

    /// The process's standard output and error, unbuffered line by line.
    public static let standard = Console(
        out: { FileHandle.standardOutput.write(Data($0.utf8)) },
        error: { FileHandle.standardError.write(Data($0.utf8)) })

    public func line(_ text: String = "") { writeOut(text + "\n") }
    public func lines(_ texts: [String]) { for text in texts { line(text) } }
    public func error(_ text: String) { writeError(text + "\n") }
}
