/// One line a user typed in a session: an action word and its arguments, split
/// shell-style (single and double quotes group words, a backslash escapes a character);
/// `#` starts a comment.
public struct InputLine: Equatable, Sendable {
    public let action: String
    public let arguments: [String]

    public enum Problem: Error, Equatable, CustomStringConvertible {
        case unterminatedQuote(Character)

        public var description: String {
            switch self {
            case let .unterminatedQuote(quote): "unterminated \(quote) quote"
            }
        }
    }

    /// The parsed line, or nil for a blank or comment line.
    public static func parse(_ text: String) throws(Problem) -> InputLine? {
        let words = try split(text)
        guard let first = words.first else { return nil }
        return InputLine(action: first, arguments: Array(words.dropFirst()))
    }

    public static func split(_ text: String) throws(Problem) -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for character in text {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\" && quote != "'" {
                escaped = true
                inWord = true
            } else if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
                inWord = true
            } else if character == "#" && !inWord {
                break
            } else if character == " " || character == "\t" {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else {
                current.append(character)
                inWord = true
            }
        }
        if let quote { throw .unterminatedQuote(quote) }
        if escaped { current.append("\\") }
        if inWord { words.append(current) }
        return words
    }
}
