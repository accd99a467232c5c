/// Fitting text to a width, counted in characters (grapheme clusters).
enum TextLayout {
    static let ellipsis: Character = "…"

    /// `text` cut to `width` characters, ending in … when it was longer.
    static func truncate(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        guard text.count > width else { return text }
        return String(text.prefix(width - 1)) + String(ellipsis)
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
        let right = truncate(right, to: width)
        let room = width - right.count - 1
        guard room > 0 else { return right }
        let left = truncate(left, to: room)
        return left + String(repeating: " ", count: width - left.count - right.count) + right
    }
}
