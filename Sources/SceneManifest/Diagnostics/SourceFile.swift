import Foundation

/// A file's bytes with an index of its line starts, so byte offsets turn into the
/// `line:column` users see. Columns count Unicode scalars, as editors do.
public struct SourceFile: Sendable {
    /// The path as the user gave it; diagnostics print it as is.
    public let path: String
    public let bytes: [UInt8]
    private let lineStarts: [Int]
    /// How many characters start before each block of ``block`` bytes, when some line is
    /// longer than ``longLine``; empty otherwise. A column far along a long line — a minified
    /// manifest is one line — is counted from the nearest block, not from the line's start,
    /// so reporting a finding at each of its fields costs the same wherever the field is.
    private let blockCharacters: [Int]
    private static let block = 256
    private static let longLine = 4 * block

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
        var starts = [0]
        var longest = 0
        // memchr jumps from newline to newline: every file read is indexed, most lines are long.
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var position = 0
            while position < buffer.count, let found = memchr(base + position, 0x0A, buffer.count - position) {
                let next = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
                longest = max(longest, next - position)
                position = next
                starts.append(position)
            }
            longest = max(longest, buffer.count - position)
        }
        lineStarts = starts
        blockCharacters = longest > Self.longLine ? Self.characterCounts(bytes) : []
    }

    /// How many characters (bytes that are not UTF-8 continuation bytes) start before each
    /// multiple of ``block``.
    private static func characterCounts(_ bytes: [UInt8]) -> [Int] {
        var counts = [Int]()
        counts.reserveCapacity(bytes.count / block + 1)
        var characters = 0
        bytes.withUnsafeBufferPointer { buffer in
            for blockStart in stride(from: 0, through: buffer.count, by: block) {
                counts.append(characters)
                for byte in buffer[blockStart..<min(blockStart + block, buffer.count)] where byte & 0xC0 != 0x80 { characters += 1 }
            }
        }
        return counts
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
        var column = 1 + characters(from: lineStarts[low], to: offset)
        // An offset inside a character is that character's column; a stray continuation
        // byte (invalid UTF-8) is a column of its own.
        if offset < bytes.count, bytes[offset] & 0xC0 == 0x80, isInsideCharacter(offset, lineStart: lineStarts[low]) { column -= 1 }
        return (low + 1, column)
    }

    /// How many characters start in `bytes[start..<end]`: counted byte by byte on a short
    /// stretch, and through the block counts on a long one.
    private func characters(from start: Int, to end: Int) -> Int {
        guard !blockCharacters.isEmpty, end - start > 2 * Self.block else { return counted(from: start, to: end) }
        return charactersBefore(end) - charactersBefore(start)
    }

    private func charactersBefore(_ offset: Int) -> Int {
        let block = offset / Self.block
        return blockCharacters[block] + counted(from: block * Self.block, to: offset)
    }

    private func counted(from start: Int, to end: Int) -> Int {
        var characters = 0
        for position in start..<end where bytes[position] & 0xC0 != 0x80 { characters += 1 }
        return characters
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
                        bytes[position + 7] == UInt8(ascii: "u"), let low = hexCode(at: position + 8), (0xDC00...0xDFFF).contains(low)
                    {
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
        let length =
            switch bytes[lead] {
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
