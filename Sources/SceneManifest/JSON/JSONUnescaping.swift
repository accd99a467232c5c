/// Decodes the text of a JSON string the scanner has already checked: escapes become their
/// characters, and a lone surrogate escape (`\uD800`) becomes U+FFFD, as Swift strings cannot
/// hold one.
enum JSONUnescaping {
    /// `text` is a string's bytes between its quotes.
    static func decode(_ text: UnsafeBufferPointer<UInt8>) -> String {
        // Every escape is longer than what it decodes to, so the text's length is enough.
        String(unsafeUninitializedCapacity: text.count) { output in
            var written = 0
            var index = 0
            while index < text.count {
                // The run up to the next backslash is copied as it is.
                let end = backslash(in: text, from: index)
                if end > index {
                    let run = UnsafeBufferPointer(rebasing: text[index..<end])
                    _ = UnsafeMutableBufferPointer(rebasing: output[written..<written + run.count]).initialize(from: run)
                    written += run.count
                    index = end
                }
                guard index + 1 < text.count else {
                    if index < text.count {
                        output[written] = text[index]
                        written += 1
                    }
                    break
                }
                index += 1
                let escape = text[index]
                index += 1
                switch escape {
                case UInt8(ascii: "b"): output[written] = 0x08
                case UInt8(ascii: "f"): output[written] = 0x0C
                case UInt8(ascii: "n"): output[written] = 0x0A
                case UInt8(ascii: "r"): output[written] = 0x0D
                case UInt8(ascii: "t"): output[written] = 0x09
                case UInt8(ascii: "u"):
                    // Six bytes or more decode to at most four.
                    guard let scalar = scalar(in: text, at: &index) else {
                        output[written] = escape
                        written += 1
                        continue
                    }
                    for unit in scalar.utf8 {
                        output[written] = unit
                        written += 1
                    }
                    continue
                default: output[written] = escape
                }
                written += 1
            }
            return written
        }
    }

    /// The position of the first backslash at or after `start`, or the end: eight bytes at a
    /// time, as most of a string's text is the run between escapes.
    @inline(__always)
    private static func backslash(in text: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        if let base = text.baseAddress {
            while index + 8 <= text.count {
                let found = ByteWords.marks(ByteWords.load(base, at: index), equalTo: UInt8(ascii: "\\"))
                if found != 0 { return index + ByteWords.firstMarked(found) }
                index += 8
            }
        }
        while index < text.count, text[index] != UInt8(ascii: "\\") { index += 1 }
        return index
    }

    /// The scalar of a `\u` escape whose four digits start at `index`, joined with a following
    /// low surrogate escape when it is a high one; nil without four digits, which a checked
    /// string always has.
    private static func scalar(in text: UnsafeBufferPointer<UInt8>, at index: inout Int) -> Unicode.Scalar? {
        guard var scalar = hexQuad(in: text, at: index) else { return nil }
        index += 4
        if (0xD800...0xDBFF).contains(scalar) {
            if index + 1 < text.count, text[index] == UInt8(ascii: "\\"), text[index + 1] == UInt8(ascii: "u"),
                let low = hexQuad(in: text, at: index + 2), (0xDC00...0xDFFF).contains(low)
            {
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                index += 6
            } else {
                scalar = 0xFFFD
            }
        } else if (0xDC00...0xDFFF).contains(scalar) {
            scalar = 0xFFFD
        }
        return Unicode.Scalar(scalar) ?? "\u{FFFD}"
    }

    private static func hexQuad(in text: UnsafeBufferPointer<UInt8>, at start: Int) -> UInt32? {
        guard start + 4 <= text.count else { return nil }
        var value: UInt32 = 0
        for byte in text[start..<start + 4] {
            guard let digit = hexDigit(byte) else { return nil }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// The value of a hex digit, either case.
    static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
