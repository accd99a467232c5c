/// How to fix the JSON syntax mistakes people make most, read from the bytes around the
/// error: a trailing comma, a comment, a missing comma, single quotes.
package enum JSONSyntaxHint {
    package static func hint(for error: JSONSyntaxError, in bytes: [UInt8]) -> String? {
        guard case .unexpectedCharacter = error.reason, error.offset < bytes.count else { return nil }
        let found = bytes[error.offset]
        var before = error.offset - 1
        while before >= 0, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[before]) { before -= 1 }
        let previous = before >= 0 ? bytes[before] : nil
        switch found {
        case UInt8(ascii: "]"), UInt8(ascii: "}"):
            return previous == UInt8(ascii: ",") ? "remove the comma before it: JSON allows no trailing comma" : nil
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
}
