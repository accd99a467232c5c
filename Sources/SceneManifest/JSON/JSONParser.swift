import ScenerySupport

/// A JSON parser (RFC 8259) that records where every value starts, keeps object keys in
/// order, keeps numbers as their literal text, and bounds nesting depth and input size.
///
/// ```swift
/// let value = try JSONParser.parse(Array(#"{"a": [1, 2.50]}"#.utf8))
/// value["a"]?.elements?[1].kind // .number("2.50")
/// ```
///
/// A leading UTF-8 byte-order mark is skipped. Lone surrogate escapes (`\uD800`) become
/// U+FFFD, as Swift strings cannot hold them. Everything else outside the grammar is a
/// ``JSONSyntaxError`` at the offending byte.
public enum JSONParser {
    public struct Limits: Sendable {
        /// Deepest nesting of arrays and objects.
        public var maxDepth: Int
        /// Largest input, in bytes.
        public var maxBytes: Int

        public init(maxDepth: Int = 256, maxBytes: Int = 16 << 20) {
            self.maxDepth = maxDepth
            self.maxBytes = maxBytes
        }
    }

    public static func parse(_ bytes: [UInt8], limits: Limits = Limits()) throws(JSONSyntaxError) -> JSONValue {
        guard bytes.count <= limits.maxBytes else {
            throw JSONSyntaxError(.tooLarge(bytes: bytes.count, limit: limits.maxBytes), at: 0)
        }
        let result: Result<JSONValue, JSONSyntaxError> = bytes.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(buffer, maxDepth: limits.maxDepth)
            do throws(JSONSyntaxError) {
                return .success(try scanner.document())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}

/// The scanner behind ``JSONParser``: recursive descent over raw bytes.
struct JSONScanner {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var depth = 0
    private let maxDepth: Int
    /// The members and elements of the containers still open, innermost last. Each container
    /// takes its own off the top when it closes, into an array of exactly their number:
    /// growing an array per container as it filled was most of the parser's allocations.
    private var openMembers: [JSONValue.Member] = []
    private var openElements: [JSONValue] = []

    init(_ bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    mutating func document() throws(JSONSyntaxError) -> JSONValue {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        let value = try parseValue()
        skipWhitespace()
        guard index == bytes.count else { throw JSONSyntaxError(.trailingContent, at: index) }
        return value
    }

    // MARK: - Values

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
        skipWhitespace()
        guard index < bytes.count else { throw JSONSyntaxError(.unexpectedEnd(expected: "a value"), at: index) }
        let start = index
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return JSONValue(.string(try parseString()), offset: start)
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return JSONValue(.bool(true), offset: start)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return JSONValue(.bool(false), offset: start)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return JSONValue(.null, offset: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return JSONValue(.number(try parseNumber()), offset: start)
        default: throw unexpected(expected: "a value")
        }
    }

    private mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
        let start = index
        try enter()
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return JSONValue(.object([]), offset: start)
        }
        let base = openMembers.count
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw JSONSyntaxError(.unexpectedEnd(expected: "a key"), at: index) }
            guard bytes[index] == UInt8(ascii: "\"") else { throw unexpected(expected: "a key in double quotes") }
            let keyOffset = index
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count else { throw JSONSyntaxError(.unexpectedEnd(expected: "':'"), at: index) }
            guard bytes[index] == UInt8(ascii: ":") else { throw unexpected(expected: "':' after the key") }
            index += 1
            let value = try parseValue()
            openMembers.append(JSONValue.Member(key: key, keyOffset: keyOffset, value: value))
            skipWhitespace()
            guard index < bytes.count else { throw JSONSyntaxError(.unexpectedEnd(expected: "',' or '}'"), at: index) }
            switch bytes[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                depth -= 1
                return JSONValue(.object(openMembers.popLast(openMembers.count - base)), offset: start)
            default: throw unexpected(expected: "',' or '}'")
            }
        }
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
        let start = index
        try enter()
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return JSONValue(.array([]), offset: start)
        }
        let base = openElements.count
        while true {
            let element = try parseValue()
            openElements.append(element)
            skipWhitespace()
            guard index < bytes.count else { throw JSONSyntaxError(.unexpectedEnd(expected: "',' or ']'"), at: index) }
            switch bytes[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                depth -= 1
                return JSONValue(.array(openElements.popLast(openElements.count - base)), offset: start)
            default: throw unexpected(expected: "',' or ']'")
            }
        }
    }

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        guard depth <= maxDepth else { throw JSONSyntaxError(.tooDeep(limit: maxDepth), at: index) }
    }

    // MARK: - Scalars

    private mutating func expectLiteral(_ word: StaticString) throws(JSONSyntaxError) {
        let count = word.utf8CodeUnitCount
        let expected = word.utf8Start
        for offset in 0..<count {
            guard index + offset < bytes.count else {
                throw JSONSyntaxError(.unexpectedEnd(expected: "'\(word)'"), at: index + offset)
            }
            guard bytes[index + offset] == expected[offset] else {
                index += offset
                throw unexpected(expected: "'\(word)'")
            }
        }
        index += count
    }

    /// A number in JSON's grammar, returned as its literal text.
    private mutating func parseNumber() throws(JSONSyntaxError) -> String {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else {
            throw JSONSyntaxError(.invalidNumber("a digit must follow '-'"), at: index)
        }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) {
                throw JSONSyntaxError(.invalidNumber("leading zeros are not allowed"), at: start)
            }
        } else {
            skipDigits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw JSONSyntaxError(.invalidNumber("a digit must follow '.'"), at: index)
            }
            skipDigits()
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw JSONSyntaxError(.invalidNumber("the exponent needs digits"), at: index)
            }
            skipDigits()
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    }

    /// A string; `index` is at its opening quote.
    private mutating func parseString() throws(JSONSyntaxError) -> String {
        index += 1
        let start = index
        // Fast path: plain ASCII up to the closing quote needs no copying or decoding.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                defer { index += 1 }
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { break }
            index += 1
        }
        var utf8 = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try parseEscape(into: &utf8)
            case 0..<0x20:
                throw JSONSyntaxError(.invalidString("control character \(printable(byte)) must be escaped"), at: index)
            case 0x80...:
                let length = try utf8SequenceLength(at: index)
                utf8.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<index + length]))
                index += length
            default:
                utf8.append(byte)
                index += 1
            }
        }
        throw JSONSyntaxError(.unexpectedEnd(expected: "'\"' to close the string"), at: index)
    }

    private mutating func parseEscape(into utf8: inout [UInt8]) throws(JSONSyntaxError) {
        let escapeStart = index
        index += 1
        guard index < bytes.count else { throw JSONSyntaxError(.unexpectedEnd(expected: "an escape"), at: index) }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(byte)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hexQuad()
            if (0xD800...0xDBFF).contains(scalar) {
                // A high surrogate pairs with a following \uDC00–\uDFFF escape.
                if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                    let saved = index
                    index += 2
                    let low = try hexQuad()
                    if (0xDC00...0xDFFF).contains(low) {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        index = saved
                        scalar = 0xFFFD
                    }
                } else {
                    scalar = 0xFFFD
                }
            } else if (0xDC00...0xDFFF).contains(scalar) {
                scalar = 0xFFFD
            }
            utf8.append(contentsOf: String(Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")).utf8)
        default:
            throw JSONSyntaxError(.invalidString("unknown escape '\\\(printable(byte))'"), at: escapeStart)
        }
    }

    private mutating func hexQuad() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count else { throw JSONSyntaxError(.unexpectedEnd(expected: "four hex digits"), at: index) }
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw JSONSyntaxError(.invalidString("'\\u' needs four hex digits"), at: index)
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    /// The length of the well-formed UTF-8 sequence at `position`, or an error.
    private func utf8SequenceLength(at position: Int) throws(JSONSyntaxError) -> Int {
        let lead = bytes[position]
        let length: Int
        var lower: UInt8 = 0x80, upper: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            lower = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            upper = 0x9F
        case 0xF0:
            length = 4
            lower = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            upper = 0x8F
        default: throw JSONSyntaxError(.invalidUTF8, at: position)
        }
        guard position + length <= bytes.count else { throw JSONSyntaxError(.invalidUTF8, at: position) }
        for offset in 1..<length {
            let byte = bytes[position + offset]
            let (low, high) = offset == 1 ? (lower, upper) : (0x80, 0xBF)
            guard byte >= low && byte <= high else { throw JSONSyntaxError(.invalidUTF8, at: position) }
        }
        return length
    }

    // MARK: - Helpers

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    private mutating func skipDigits() {
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private func unexpected(expected: String) -> JSONSyntaxError {
        let byte = bytes[index]
        let found: String
        if byte < 0x80 {
            found = "character '\(printable(byte))'"
        } else if let length = try? utf8SequenceLength(at: index) {
            found = "character '\(String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<index + length]), as: UTF8.self))'"
        } else {
            found = "byte 0x\(hex(byte))"
        }
        return JSONSyntaxError(.unexpectedCharacter(found: found, expected: expected), at: index)
    }

    private func printable(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : "U+00\(hex(byte))"
    }

    /// Two uppercase hex digits.
    private func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0xF)])
    }
}
