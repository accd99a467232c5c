/// How to fix the JSON syntax mistakes people make most, read from the bytes around the
/// error: a trailing comma, a comment, a missing comma, single quotes.
package enum JSONSyntaxHint {
    package static func hint(for error: JSONSyntaxError, in bytes: [UInt8]) -> String? {
        if case .trailingContent = error.reason {
            return "a file holds one JSON value: remove what follows it, or put the values in a list"
        }
        guard case .unexpectedCharacter = error.reason, error.offset < bytes.count else { return nil }
        let found = bytes[error.offset]
        var before = error.offset - 1
        while before >= 0, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[before]) { before -= 1 }
        let previous = before >= 0 ? bytes[before] : nil
        // A double quote inside `@{…}` ended the JSON string early: the string so far opens an
        // expression it does not close.
        if previous == UInt8(ascii: "\""), let opened = openExpression(endingAt: before, in: bytes), opened {
            return "strings inside @{…} take single quotes: \"@{status == 'done'}\""
        }
        switch found {
        case UInt8(ascii: "]"), UInt8(ascii: "}"):
            return previous == UInt8(ascii: ",") ? "remove the comma before it: JSON allows no trailing comma" : nil
        case UInt8(ascii: ","):
            return previous == UInt8(ascii: ",")
                ? "two commas in a row: remove one"
                : previous == UInt8(ascii: "{") || previous == UInt8(ascii: "[") ? "remove the comma: nothing comes before it" : nil
        case UInt8(ascii: "/"), UInt8(ascii: "#"):
            return "JSON has no comments; keep a note under a key that starts with 'x-'"
        case UInt8(ascii: "'"):
            return "JSON strings take double quotes"
        case UInt8(ascii: "\""), UInt8(ascii: "{"), UInt8(ascii: "["):
            return previous.map { [UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "{"), UInt8(ascii: "[")].contains($0) } == false
                ? "a comma is missing before it" : nil
        default:
            return nil
        }
    }

    /// Whether the JSON string that ends with the quote at `end` holds an `@{` it does not
    /// close; nil when no string ends there.
    private static func openExpression(endingAt end: Int, in bytes: [UInt8]) -> Bool? {
        var start = end - 1
        while start >= 0, bytes[start] != UInt8(ascii: "\""), bytes[start] != 0x0A { start -= 1 }
        guard start >= 0, bytes[start] == UInt8(ascii: "\"") else { return nil }
        let text = bytes[(start + 1)..<end]
        guard let open = text.indices.last(where: { $0 + 1 < end && text[$0] == UInt8(ascii: "@") && bytes[$0 + 1] == UInt8(ascii: "{") })
        else { return false }
        return !text[open...].contains(UInt8(ascii: "}"))
    }
}
