import SceneManifest

/// Offsets in a document's UTF-8 bytes and LSP positions (a 0-based line and a UTF-16
/// column) in both directions.
struct DocumentText {
    let bytes: [UInt8]
    /// The byte offset where each line starts.
    private let lineStarts: [Int]

    init(_ text: String) {
        bytes = Array(text.utf8)
        var starts = [0]
        for (index, byte) in bytes.enumerated() where byte == 10 { starts.append(index + 1) }
        lineStarts = starts
    }

    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The text with `range` (LSP positions: lines and UTF-16 columns) replaced by `new`;
    /// without a range, `new` is the whole text — `textDocument/didChange`'s two forms.
    func applying(_ new: String, in range: (start: LanguageServer.Position, end: LanguageServer.Position)?) -> DocumentText {
        guard let range else { return DocumentText(new) }
        let start = offset(line: range.start.line, character: range.start.character)
        let end = max(start, offset(line: range.end.line, character: range.end.character))
        return DocumentText(String(decoding: bytes[..<start] + Array(new.utf8) + bytes[end...], as: UTF8.self))
    }

    func position(of offset: Int) -> (line: Int, character: Int) {
        let offset = max(0, min(offset, bytes.count))
        var line = 0
        var low = 0, high = lineStarts.count - 1
        while low <= high {
            let middle = (low + high) / 2
            if lineStarts[middle] <= offset {
                line = middle
                low = middle + 1
            } else {
                high = middle - 1
            }
        }
        let prefix = String(decoding: bytes[lineStarts[line]..<offset], as: UTF8.self)
        return (line, prefix.utf16.count)
    }

    func offset(line: Int, character: Int) -> Int {
        guard line < lineStarts.count else { return bytes.count }
        let start = lineStarts[max(0, line)]
        let end = line + 1 < lineStarts.count ? lineStarts[line + 1] : bytes.count
        let lineText = String(decoding: bytes[start..<end], as: UTF8.self)
        var units = 0
        var offset = start
        // A column past the line's end is its end, as LSP says: never the next line.
        for scalar in lineText.unicodeScalars {
            if units >= character || scalar == "\n" || scalar == "\r" { break }
            units += scalar.utf16.count
            offset += scalar.utf8.count
        }
        return offset
    }

    /// The end of the JSON token at `offset`: past the closing quote of a string, or past a
    /// word; the offset itself when there is no token.
    func tokenEnd(at offset: Int) -> Int {
        guard offset < bytes.count else { return offset }
        var index = offset
        if bytes[index] == UInt8(ascii: "\"") {
            return min(JSONText.stringEnd(in: bytes, from: index + 1, before: bytes.count, stopsAtNewline: true) + 1, bytes.count)
        }
        while index < bytes.count, !" \t\r\n,:{}[]\"".utf8.contains(bytes[index]) { index += 1 }
        return index == offset ? min(offset + 1, bytes.count) : index
    }
}
