import SceneManifest

extension DocumentText {
    /// Where the JSON value that starts at `offset` ends (exclusive): past a string's closing
    /// quote, an object's or array's closing bracket (strings inside skipped), or a literal;
    /// the text's end when it is not closed.
    func valueEnd(at offset: Int) -> Int {
        guard offset < bytes.count else { return bytes.count }
        let quote = UInt8(ascii: "\"")
        switch bytes[offset] {
        case quote:
            return min(JSONText.stringEnd(in: bytes, from: offset + 1, before: bytes.count, stopsAtNewline: false) + 1, bytes.count)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            var index = offset
            while index < bytes.count {
                switch bytes[index] {
                case quote:
                    index = JSONText.stringEnd(in: bytes, from: index + 1, before: bytes.count, stopsAtNewline: false)
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return index + 1 }
                default:
                    break
                }
                index += 1
            }
            return bytes.count
        default:
            return tokenEnd(at: offset)
        }
    }

    /// The LSP range of the bytes `start..<end`.
    func range(_ start: Int, _ end: Int) -> LSPJSON {
        LanguageServer.range(position(of: start), position(of: end))
    }
}
