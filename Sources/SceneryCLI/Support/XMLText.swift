/// Text for XML 1.0 documents: escaped for attributes and element content, with the
/// characters XML cannot hold at all (most C0 controls, unpaired surrogates cannot occur in
/// a Swift string) written as a visible `\u{1B}` so a report still parses.
enum XMLText {
    /// Escapes `&`, `<`, `>`, `"` and `'`; control characters other than tab, newline and
    /// carriage return become Swift-style escapes; U+FFFE and U+FFFF too.
    static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
