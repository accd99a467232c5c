/// The limits a storage file is held to, as data files are (docs/reliability.md, Limits):
/// 16 MiB and 256 levels of nesting. A file past them is reported before it is decoded,
/// so a hand-edited or hostile file can neither exhaust memory nor the decoder's stack.
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
        for byte in bytes {
            column += 1
            if byte == 0x0A { line += 1; column = 0 }
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                if depth > maxDepth { return "line \(line), column \(column): nesting is deeper than \(maxDepth) levels" }
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return nil
    }
}
