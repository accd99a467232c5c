import ScenerySupport
import VIP

/// A mistake in how a command was called: printed with the valid choices, exit code 2.
package struct UsageError: Error, CustomStringConvertible {
    package let message: String
    package let hint: String?

    package init(_ message: String, hint: String? = nil) {
        self.message = message
        self.hint = hint
    }

    /// "unknown X 'word'", with a did-you-mean when one of `choices` is close, else the list.
    package static func unknown(_ what: String, _ word: String, choices: [String]) -> UsageError {
        if let hint = Suggestions.didYouMean(word, in: choices) {
            return UsageError("unknown \(what) '\(word)'", hint: hint)
        }
        return UsageError("unknown \(what) '\(word)'", hint: "choose one of: \(choices.joined(separator: ", "))")
    }

    package var description: String {
        hint.map { "error: \(message)\n  hint: \($0)" } ?? "error: \(message)"
    }
}
