/// A JSON string literal, written once for every writer of JSON text: quotes, backslashes
/// and control characters escaped, everything else as it is.
package enum JSONQuoting {
    package static func append(_ text: String, to result: inout String) {
        result += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case let control where control.value < 0x20:
                let hex = String(control.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        result += "\""
    }
}
