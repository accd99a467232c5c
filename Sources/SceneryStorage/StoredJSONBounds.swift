/// The limits a storage file is held to, as data files are (docs/reliability.md, Limits):
/// 16 MiB, 256 levels of nesting, and numbers a decimal holds exactly (38 significant digits,
/// magnitudes from 10^-128 to about 3.4 × 10^165). A file past them is reported before it is
/// decoded, so a hand-edited or hostile file can neither exhaust memory nor the decoder's
/// stack — nor have a number rounded when a store writes the file back.
enum StoredJSONBounds {
    static let maxBytes = 16 * 1024 * 1024
    static let maxDepth = 256

    /// Why `bytes` is past a limit, or nil when it is within them.
    static func problem(_ bytes: some Collection<UInt8>) -> String? {
        if bytes.count > maxBytes {
            return "it is larger than 16 MiB, the limit of stored data"
        }
        var depth = 0, line = 1, column = 0
        var inString = false, escaped = false
        var number: [UInt8] = []
        var numberColumn = 0
        for byte in bytes {
            column += 1
            if byte == 0x0A {
                line += 1
                column = 0
            }
            if !inString, isNumberByte(byte) {
                if number.isEmpty { numberColumn = column }
                number.append(byte)
                continue
            }
            if !number.isEmpty {
                if let problem = numberProblem(number) { return "\(line):\(numberColumn): \(problem)" }
                number.removeAll(keepingCapacity: true)
            }
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                if depth > maxDepth { return "\(line):\(column): nesting is deeper than \(maxDepth) levels" }
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        if !number.isEmpty, let problem = numberProblem(number) { return "\(line):\(numberColumn): \(problem)" }
        return nil
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
            || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
    }

    /// Why a JSON number cannot be kept exactly, or nil.
    static func numberProblem(_ token: [UInt8]) -> String? {
        let text = String(decoding: token, as: UTF8.self)
        let parts = text.lowercased().split(separator: "e", maxSplits: 1)
        guard let mantissa = parts.first else { return nil }
        let written = parts.count > 1 ? Int(parts[1]) : 0
        let digits = mantissa.filter(\.isNumber)
        let integerDigits = (mantissa.split(separator: ".", omittingEmptySubsequences: false).first ?? "").filter(\.isNumber).count
        guard let first = digits.firstIndex(where: { $0 != "0" }), let written else {
            return written == nil ? "the number '\(text)' is out of range" : nil  // zero, or not a number the decoder takes
        }
        let significant = digits[first...].reversed().drop { $0 == "0" }.count
        if significant > 38 {
            return "the number '\(text)' has more than 38 significant digits, which a store would round"
        }
        // The power of ten of the first significant digit.
        let order = integerDigits - 1 - digits.distance(from: digits.startIndex, to: first) + written
        if order > 165 || order < -128 { return "the number '\(text)' is out of the range of a decimal" }
        return nil
    }
}
