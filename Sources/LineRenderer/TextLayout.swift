/// Fitting text to a width, counted in characters (grapheme clusters).
enum TextLayout {
    static let ellipsis: Character = "…"

    /// The characters `text` shows. Below U+0300, where no scalar joins the one before it, a
    /// scalar is a character (CR excepted: CR LF is one), so such text — ASCII, and Latin
    /// with `·`, `é` or `ß` — is counted from its bytes, without walking grapheme clusters.
    static func characterCount(_ text: String) -> Int {
        var text = text
        let scalars: Int? = text.withUTF8 { bytes in
            var count = 0
            for byte in bytes {
                // A lead byte from 0xCC starts a scalar from U+0300.
                if byte == UInt8(ascii: "\r") || byte >= 0xCC { return nil }
                if byte & 0xC0 != 0x80 { count += 1 }
            }
            return count
        }
        return scalars ?? text.count
    }

    /// `text` cut to `width` characters, ending in … when it was longer.
    static func truncate(_ text: String, to width: Int) -> String { truncated(text, to: width).text }

    /// ``truncate(_:to:)``, and the characters the result shows.
    private static func truncated(_ text: String, to width: Int) -> (text: String, count: Int) {
        guard width > 0 else { return ("", 0) }
        let count = characterCount(text)
        guard count > width else { return (text, count) }
        return (String(text.prefix(width - 1)) + String(ellipsis), width)
    }

    /// `text` wrapped at word boundaries into lines of at most `width` characters; a word
    /// longer than the width is split. Explicit newlines are kept.
    static func wrap(_ text: String, to width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            // Lengths are counted once per word and kept, so a 1 MB word costs O(n), not O(n²).
            var lineCount = 0
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
                var characters = Array(word)[...]
                while characters.count > width {
                    if !line.isEmpty {
                        lines.append(line)
                        line = ""
                        lineCount = 0
                    }
                    lines.append(String(characters.prefix(width)))
                    characters = characters.dropFirst(width)
                }
                let piece = String(characters)
                if line.isEmpty {
                    line = piece
                    lineCount = characters.count
                } else if lineCount + 1 + characters.count <= width {
                    line += " " + piece
                    lineCount += 1 + characters.count
                } else {
                    lines.append(line)
                    line = piece
                    lineCount = characters.count
                }
            }
            lines.append(line)
        }
        return lines
    }

    /// `left` and `right` on one line of `width`, the right part right-aligned; the left
    /// part is truncated to keep the right part whole when both do not fit.
    static func justify(_ left: String, _ right: String, width: Int) -> String {
        var (right, rightCount) = truncated(right, to: width)
        let room = width - rightCount - 1
        guard room > 0 else { return right }
        var (left, leftCount) = truncated(left, to: room)
        let padding = max(0, width - leftCount - rightCount)
        // Written byte by byte into one string: a list of 2 000 rows is as many lines.
        return left.withUTF8 { leftBytes in
            right.withUTF8 { rightBytes in
                String(unsafeUninitializedCapacity: leftBytes.count + padding + rightBytes.count) { line in
                    _ = line.initialize(fromContentsOf: leftBytes)
                    line[leftBytes.count..<leftBytes.count + padding].initialize(repeating: UInt8(ascii: " "))
                    _ = line[(leftBytes.count + padding)...].initialize(fromContentsOf: rightBytes)
                    return line.count
                }
            }
        }
    }
}
