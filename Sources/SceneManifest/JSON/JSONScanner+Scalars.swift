/// The scanner's readers of strings, numbers and literals, and the text of its errors.
extension JSONScanner {
    @inline(__always)
    mutating func expectLiteral(_ word: StaticString) throws(JSONSyntaxError) {
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

    /// A number in JSON's grammar; the tape keeps its literal text. The well-formed case in
    /// one pass; anything else is read again by ``parseNumber()`` for its precise error.
    @inline(__always)
    mutating func scanNumber() throws(JSONSyntaxError) {
        let start = index
        var position = index
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        let whole = position
        position = digitsEnd(from: position)
        var wellFormed = position > whole && (position == whole + 1 || bytes[whole] != UInt8(ascii: "0"))
        if wellFormed, position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            let fraction = position
            position = digitsEnd(from: position)
            wellFormed = position > fraction
        }
        if wellFormed, position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
            let exponent = position
            position = digitsEnd(from: position)
            wellFormed = position > exponent
        }
        guard wellFormed else {
            index = start
            try parseNumber()
            return
        }
        index = position
    }

    /// A number read byte by byte, for the error that says what is wrong with it.
    mutating func parseNumber() throws(JSONSyntaxError) {
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
    mutating func parseString() throws(JSONSyntaxError) {
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
            case 0xC2...0xDF where index + 1 < bytes.count && bytes[index + 1] & 0xC0 == 0x80:
                // Two-byte characters (Latin, Greek, Cyrillic…) need no range checks beyond these.
                index += 2
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
    mutating func skipPlainWords() {
        guard let base = bytes.baseAddress else { return }
        while index + 8 <= bytes.count {
            let word = ByteWords.load(base, at: index)
            // A byte below 0x20 borrows from its high bit, one above 0x7F has it set.
            let special =
                ByteWords.marks(word, equalTo: UInt8(ascii: "\"")) | ByteWords.marks(word, equalTo: UInt8(ascii: "\\"))
                | ((word &- ByteWords.ones &* 0x20) | word) & ByteWords.highBits
            guard special == 0 else {
                index += ByteWords.firstMarked(special)
                return
            }
            index += 8
        }
    }

    /// An escape after a backslash at `index`, checked; decoding waits for ``JSONUnescaping``.
    mutating func checkEscape() throws(JSONSyntaxError) {
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
    mutating func checkHexQuad() throws(JSONSyntaxError) {
        for _ in 0..<4 {
            guard index < bytes.count else { throw JSONSyntaxError(.unexpectedEnd(expected: "four hex digits"), at: index) }
            guard JSONUnescaping.hexDigit(bytes[index]) != nil else {
                throw JSONSyntaxError(.invalidString("'\\u' needs four hex digits"), at: index)
            }
            index += 1
        }
    }

    /// The length of the well-formed UTF-8 sequence at `position`, or an error.
    func utf8SequenceLength(at position: Int) throws(JSONSyntaxError) -> Int {
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
    mutating func skipWhitespace() {
        // Every byte of a token is above a space, so one comparison settles most calls.
        while index < bytes.count, bytes[index] <= 0x20 {
            switch bytes[index] {
            case 0x20, 0x0D, 0x09: index += 1
            case 0x0A:
                index += 1
                skipSpaceWords()
            default: return
            }
        }
    }

    /// Moves past spaces eight at a time: a line's indentation, which in a manifest written
    /// by hand or by a formatter is a good share of its bytes.
    @inline(__always)
    mutating func skipSpaceWords() {
        guard let base = bytes.baseAddress else { return }
        while index + 8 <= bytes.count {
            // Zero bytes where the word has a space; the lowest other byte is the first
            // that is not one.
            let others = ByteWords.load(base, at: index) ^ (ByteWords.ones &* 0x20)
            guard others == 0 else {
                index += ByteWords.firstMarked(others)
                return
            }
            index += 8
        }
    }

    mutating func skipDigits() { index = digitsEnd(from: index) }

    /// Where the run of digits from `position` ends.
    @inline(__always)
    func digitsEnd(from position: Int) -> Int {
        var position = position
        while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        return position
    }

    @inline(__always)
    func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    func unexpected(expected: String) -> JSONSyntaxError {
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

    func printable(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : "U+00\(hex(byte))"
    }

    /// Two uppercase hex digits.
    func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0xF)])
    }
}
