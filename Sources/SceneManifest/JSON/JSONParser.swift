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
        guard bytes.count <= limits.maxBytes, bytes.count <= JSONTape.maxBytes else {
            throw JSONSyntaxError(.tooLarge(bytes: bytes.count, limit: min(limits.maxBytes, JSONTape.maxBytes)), at: 0)
        }
        let result: Result<JSONTapeBuilder, JSONSyntaxError> = bytes.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(buffer, maxDepth: limits.maxDepth)
            do throws(JSONSyntaxError) {
                try scanner.document()
                return .success(scanner.tape)
            } catch {
                scanner.tape.discard()
                return .failure(error)
            }
        }
        let tape = try result.get()
        return JSONValue(JSONTape(source: bytes, entries: tape.entries, count: tape.count), position: 0)
    }
}

/// The scanner behind ``JSONParser``: one loop over raw bytes, checking the whole grammar and
/// writing one tape entry per value and key. A loop with its open containers on a stack,
/// not a call per value: the position stays in a register rather than going through memory
/// at every call and return.
struct JSONScanner {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var depth = 0
    private let maxDepth: Int
    private(set) var tape: JSONTapeBuilder

    /// What the scanner reads next.
    private enum Expecting {
        case value, key
        /// A `,` or the end of the innermost open container, or the end of the text.
        case next
    }

    init(_ bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
        tape = JSONTapeBuilder(byteCount: bytes.count)
    }

    mutating func document() throws(JSONSyntaxError) {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        // The containers still open, innermost last: each one's entry, and whether it is an object.
        var open: [(slot: Int, isObject: Bool)] = []
        open.reserveCapacity(min(maxDepth, 32))
        var expecting = Expecting.value
        while true {
            switch expecting {
            case .value:
                expecting = .next
                skipWhitespace()
                guard index < bytes.count else { throw JSONSyntaxError(.unexpectedEnd(expected: "a value"), at: index) }
                let start = index
                switch bytes[index] {
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    let isObject = bytes[index] == UInt8(ascii: "{")
                    let slot = tape.append(isObject ? .object : .array, offset: index)
                    try enter()
                    index += 1
                    skipWhitespace()
                    if index < bytes.count, bytes[index] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                        index += 1
                        depth -= 1
                        tape.close(slot)
                    } else {
                        open.append((slot, isObject))
                        expecting = isObject ? .key : .value
                    }
                case UInt8(ascii: "\""): try parseString()
                case UInt8(ascii: "t"):
                    try expectLiteral("true")
                    _ = tape.append(.true, offset: start)
                case UInt8(ascii: "f"):
                    try expectLiteral("false")
                    _ = tape.append(.false, offset: start)
                case UInt8(ascii: "n"):
                    try expectLiteral("null")
                    _ = tape.append(.null, offset: start)
                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    try parseNumber()
                    _ = tape.append(.number, offset: start, length: index - start)
                default: throw unexpected(expected: "a value")
                }
            case .key:
                skipWhitespace()
                guard index < bytes.count else { throw JSONSyntaxError(.unexpectedEnd(expected: "a key"), at: index) }
                guard bytes[index] == UInt8(ascii: "\"") else { throw unexpected(expected: "a key in double quotes") }
                try parseString()
                skipWhitespace()
                guard index < bytes.count else { throw JSONSyntaxError(.unexpectedEnd(expected: "':'"), at: index) }
                guard bytes[index] == UInt8(ascii: ":") else { throw unexpected(expected: "':' after the key") }
                index += 1
                expecting = .value
            case .next:
                skipWhitespace()
                guard let innermost = open.last else {
                    guard index == bytes.count else { throw JSONSyntaxError(.trailingContent, at: index) }
                    return
                }
                let (comma, close) = innermost.isObject ? ("',' or '}'", UInt8(ascii: "}")) : ("',' or ']'", UInt8(ascii: "]"))
                guard index < bytes.count else { throw JSONSyntaxError(.unexpectedEnd(expected: comma), at: index) }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    expecting = innermost.isObject ? .key : .value
                } else if bytes[index] == close {
                    index += 1
                    depth -= 1
                    tape.close(innermost.slot)
                    open.removeLast()
                } else {
                    throw unexpected(expected: comma)
                }
            }
        }
    }

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        guard depth <= maxDepth else { throw JSONSyntaxError(.tooDeep(limit: maxDepth), at: index) }
    }

    // MARK: - Scalars

    @inline(__always)
    private mutating func expectLiteral(_ word: StaticString) throws(JSONSyntaxError) {
        let count = word.utf8CodeUnitCount
        let expected = word.utf8Start
        // The common case in one comparison: the whole word is there.
        if index + count <= bytes.count {
            var offset = 0
            while offset < count, bytes[index + offset] == expected[offset] { offset += 1 }
            if offset == count {
                index += count
                return
            }
        }
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

    /// A number in JSON's grammar; the tape keeps its literal text.
    @inline(__always)
    private mutating func parseNumber() throws(JSONSyntaxError) {
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
    }

    /// A string, checked and recorded; `index` is at its opening quote. Its text is decoded
    /// only when a value asks for it.
    @inline(__always)
    private mutating func parseString() throws(JSONSyntaxError) {
        let start = index
        index += 1
        var escaped = false
        while index < bytes.count {
            skipPlainWords()
            guard index < bytes.count else { break }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                _ = tape.append(.string, offset: start, length: index - start, escaped: escaped)
                return
            case UInt8(ascii: "\\"):
                try checkEscape()
                escaped = true
            case 0..<0x20:
                throw JSONSyntaxError(.invalidString("control character \(printable(byte)) must be escaped"), at: index)
            case 0x80...:
                index += try utf8SequenceLength(at: index)
            default:
                index += 1
            }
        }
        throw JSONSyntaxError(.unexpectedEnd(expected: "'\"' to close the string"), at: index)
    }

    /// Moves to the next quote, backslash, control character or byte outside ASCII, eight
    /// bytes at a time: most of a document's string bytes need no other look.
    @inline(__always)
    private mutating func skipPlainWords() {
        guard let base = bytes.baseAddress else { return }
        let ones: UInt64 = 0x0101_0101_0101_0101
        while index + 8 <= bytes.count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            let quotes = word ^ (ones &* 0x22)
            let backslashes = word ^ (ones &* 0x5C)
            // A byte's high bit is set where it is special; a borrow can only mark bytes
            // after a special one, so the lowest mark is exact.
            let special =
                (((quotes &- ones) & ~quotes) | ((backslashes &- ones) & ~backslashes) | (word &- ones &* 0x20) | word)
                & (ones &* 0x80)
            guard special == 0 else {
                index += special.trailingZeroBitCount / 8
                return
            }
            index += 8
        }
    }

    /// An escape after a backslash at `index`, checked; decoding waits for ``JSONUnescaping``.
    private mutating func checkEscape() throws(JSONSyntaxError) {
        let escapeStart = index
        index += 1
        guard index < bytes.count else { throw JSONSyntaxError(.unexpectedEnd(expected: "an escape"), at: index) }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"), UInt8(ascii: "n"),
            UInt8(ascii: "r"), UInt8(ascii: "t"):
            return
        case UInt8(ascii: "u"): try checkHexQuad()
        default:
            throw JSONSyntaxError(.invalidString("unknown escape '\\\(printable(byte))'"), at: escapeStart)
        }
    }

    /// Four hex digits after `\u`, checked; ``JSONUnescaping`` reads their value.
    private mutating func checkHexQuad() throws(JSONSyntaxError) {
        for _ in 0..<4 {
            guard index < bytes.count else { throw JSONSyntaxError(.unexpectedEnd(expected: "four hex digits"), at: index) }
            guard JSONUnescaping.hexDigit(bytes[index]) != nil else {
                throw JSONSyntaxError(.invalidString("'\\u' needs four hex digits"), at: index)
            }
            index += 1
        }
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

    @inline(__always)
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
