extension String {
    /// The text's pieces between `separator` bytes, empty ones included — `a..b` has three —
    /// cut on the UTF-8 in place. For an ASCII separator (a dot, a newline), which never sits
    /// inside a character's bytes: splitting by `Character` walked grapheme clusters, and
    /// did not cut where a combining mark followed the separator.
    package func pieces(separatedBy separator: UInt8) -> [String] {
        var pieces: [String] = []
        forEachPiece(separatedBy: separator) { pieces.append(String(decoding: $0, as: UTF8.self)) }
        return pieces
    }

    /// `body` on the bytes of each of ``pieces(separatedBy:)``, in order, with no string made.
    package func forEachPiece(separatedBy separator: UInt8, _ body: (Slice<UnsafeBufferPointer<UInt8>>) -> Void) {
        var text = self
        text.withUTF8 { bytes in
            var start = 0
            for index in bytes.indices where bytes[index] == separator {
                body(bytes[start..<index])
                start = index + 1
            }
            body(bytes[start...])
        }
    }
}
