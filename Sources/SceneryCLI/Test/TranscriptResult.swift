import Foundation

/// What one transcript's run came to, and what to print for it. Kept rather than printed,
/// so runs done by worker processes print in the order a serial run prints them, and
/// reports (JUnit XML) are written from the same record.
package struct TranscriptResult: Codable, Sendable, Equatable {
    package enum Outcome: String, Codable, Sendable { case passed, updated, failed }

    /// A line for the console: standard output or error, and how it is styled.
    package struct Message: Codable, Sendable, Equatable {
        package enum Style: String, Codable, Sendable { case plain, success, failure, diff, diagnostic }
        package let toError: Bool
        package let style: Style
        package let text: String
    }

    package let path: String
    package var outcome: Outcome
    /// Wall time of the run, for reports.
    package var seconds: Double
    package var messages: [Message] = []
    /// For reports: why it failed, in a few words.
    package var reason: String?
    /// For reports: the unified diff of a failing run.
    package var diff: String?
    /// The app folder the transcript ran against.
    package var app: String?
    /// What the run exercised (``CoverageRecorder`` counts), under `--coverage`.
    package var coverage: [String: Int]?

    package init(path: String, outcome: Outcome, seconds: Double = 0) {
        self.path = path
        self.outcome = outcome
        self.seconds = seconds
    }

    /// A transcript that failed before its output could be compared: `FAIL path: reason`.
    static func failed(_ path: String, reason: String) -> TranscriptResult {
        var result = TranscriptResult(path: path, outcome: .failed)
        result.complain("FAIL \(path): \(reason)", as: .failure)
        result.reason = reason
        return result
    }

    mutating func say(_ text: String, as style: Message.Style = .plain) {
        messages.append(Message(toError: false, style: style, text: text))
    }

    mutating func complain(_ text: String, as style: Message.Style = .diagnostic) {
        messages.append(Message(toError: true, style: style, text: text))
    }

    /// Prints the messages as the run would have.
    func print(to console: Console) {
        for message in messages {
            let style: Terminal.Style =
                switch message.style {
                case .plain: .plain
                case .success: .success
                case .failure: .failure
                case .diff: .diff
                case .diagnostic: .diagnostic
                }
            if message.toError { console.error(message.text, as: style) } else { console.line(message.text, as: style) }
        }
    }
}
