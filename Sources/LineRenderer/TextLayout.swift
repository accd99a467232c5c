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
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
                var word = Substring(word)
                while word.count > width {
                    if !line.isEmpty { lines.append(line); line = "" }
                    lines.append(String(word.prefix(width)))
                    word = word.dropFirst(width)
                }
                if line.isEmpty {
                    line = String(word)
                } else if line.count + 1 + word.count <= width {
                    line += " " + word
                } else {
                    lines.append(line)
                    line = String(word)
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
