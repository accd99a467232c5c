import Foundation

/// A file's bytes with an index of its line starts, so byte offsets turn into the
/// `line:column` users see. Columns count Unicode scalars, as editors do.
public struct SourceFile: Sendable {
    /// The path as the user gave it; diagnostics print it as is.
    public let path: String
    public let bytes: [UInt8]
    private let lineStarts: [Int]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
        var starts = [0]
        // memchr jumps from newline to newline: every file read is indexed, most lines are long.
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var position = 0
            while position < buffer.count, let found = memchr(base + position, 0x0A, buffer.count - position) {
                position = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
                starts.append(position)
            }
        }
        lineStarts = starts
    }

    public init(path: String, text: String) { self.init(path: path, bytes: Array(text.utf8)) }

    /// 1-based line and column of a byte offset.
    public func location(of offset: Int) -> (line: Int, column: Int) {
        let offset = min(max(0, offset), bytes.count)
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        var column = 1
        var position = lineStarts[low]
        while position < offset {
            if bytes[position] & 0xC0 != 0x80 { column += 1 }
            position += 1
        }
        // An offset inside a character is that character's column; a stray continuation
        // byte (invalid UTF-8) is a column of its own.
        if offset < bytes.count, bytes[offset] & 0xC0 == 0x80, isInsideCharacter(offset, lineStart: lineStarts[low]) { column -= 1 }
        return (low + 1, column)
    }

    /// The byte offset of the `decodedIndex`-th UTF-8 byte of the string literal whose
    /// opening quote is at `quoteOffset`, walking its escapes: how a position inside an
    /// expression maps back to the file.
    public func offset(inStringAt quoteOffset: Int, decodedIndex: Int) -> Int {
        var position = quoteOffset + 1
        var decoded = 0
        while position < bytes.count, bytes[position] != UInt8(ascii: "\""), decoded < decodedIndex {
            if bytes[position] == UInt8(ascii: "\\"), position + 1 < bytes.count {
                let escape = bytes[position + 1]
                if escape == UInt8(ascii: "u") {
                    // A surrogate pair (`\uD83D\uDE00`) is one character of four bytes, as the
                    // parser decodes it; a lone surrogate is U+FFFD.
                    let high = hexCode(at: position + 2)
                    if let high, (0xD800...0xDBFF).contains(high), bytes.count > position + 7, bytes[position + 6] == UInt8(ascii: "\\"),
                       bytes[position + 7] == UInt8(ascii: "u"), let low = hexCode(at: position + 8), (0xDC00...0xDFFF).contains(low) {
                        decoded += 4
                        position += 12
                    } else {
                        let scalar = high.flatMap(Unicode.Scalar.init) ?? "\u{FFFD}"
                        decoded += String(scalar).utf8.count
                        position += 6
                    }
                } else {
                    decoded += 1
                    position += 2
                }
            } else {
                decoded += 1
                position += 1
            }
        }
        return position
    }

    /// Whether the continuation byte at `offset` belongs to a lead byte before it on its line.
    private func isInsideCharacter(_ offset: Int, lineStart: Int) -> Bool {
        var lead = offset - 1
        while lead >= max(lineStart, offset - 3), bytes[lead] & 0xC0 == 0x80 { lead -= 1 }
        guard lead >= lineStart, lead >= offset - 3 else { return false }
        let length = switch bytes[lead] {
        case 0xC0...0xDF: 2
        case 0xE0...0xEF: 3
        case 0xF0...0xF7: 4
        default: 1
        }
        return offset < lead + length
    }

    /// The four hex digits at `offset`, if they are there.
    private func hexCode(at offset: Int) -> UInt32? {
        guard offset >= 0, offset + 4 <= bytes.count else { return nil }
        return UInt32(String(decoding: bytes[offset..<offset + 4], as: UTF8.self), radix: 16)
    }
}
