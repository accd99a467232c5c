/// Bytes read eight at a time as one word, for the scanner's and the unescaper's searches:
/// most of a string's bytes are none of the few they look for.
enum ByteWords {
    static let ones: UInt64 = 0x0101_0101_0101_0101
    static let highBits: UInt64 = ones &* 0x80

    /// The eight bytes from `offset`, the first in the low byte.
    @inline(__always)
    static func load(_ base: UnsafePointer<UInt8>, at offset: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
    }

    /// The high bit of each byte of `word` that is `byte`, and possibly of bytes after one: a
    /// borrow can only mark bytes above a true mark, so the lowest mark is exact.
    @inline(__always)
    static func marks(_ word: UInt64, equalTo byte: UInt8) -> UInt64 {
        let differences = word ^ (ones &* UInt64(byte))
        return (differences &- ones) & ~differences & highBits
    }

    /// The position, from 0, of the byte holding the lowest mark of `marks` (not zero).
    @inline(__always)
    static func firstMarked(_ marks: UInt64) -> Int { marks.trailingZeroBitCount / 8 }
}
