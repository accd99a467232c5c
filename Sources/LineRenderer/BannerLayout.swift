/// How an error banner is laid out, now and before: every line of a wrapped banner starts
/// with `! ` (the message wrapped to the width less two); earlier, only the first did (the
/// whole `! message` wrapped to the width). Transcripts recorded earlier still pass: their
/// test compares the output in the earlier layout too.
package enum BannerLayout {
    /// The lines of `message` as the error component shows it.
    static func lines(_ message: String, width: Int) -> [String] {
        TextLayout.wrap(message, to: max(1, width - 2)).map { "! " + $0 }
    }

    /// `lines` (a frame's output) with each banner laid out as it was before every line
    /// started with `! `. A line of exactly the width with no space is either a word of that
    /// length or a piece of a longer one that was cut; where that leaves more than one
    /// earlier layout, the one found in `expected` (the transcript's lines) is taken.
    package static func earlier(_ lines: [String], width: Int, expected: [String] = []) -> [String] {
        var result: [String] = []
        var index = 0
        while index < lines.count {
            guard lines[index].hasPrefix("! ") else {
                result.append(lines[index])
                index += 1
                continue
            }
            var banner: [String] = []
            while index < lines.count, lines[index].hasPrefix("! ") {
                banner.append(String(lines[index].dropFirst(2)))
                index += 1
            }
            let candidates = messages(of: banner, width: max(1, width - 2)).map { TextLayout.wrap("! " + $0, to: width) }
            result += candidates.first { occurs($0, in: expected) } ?? candidates[0]
        }
        return result
    }

    /// The messages `wrap` could have laid out as `lines` at `width`: a line ends where a
    /// word did not fit (a space), where a word longer than the width was cut (nothing), or
    /// at a newline. The likeliest first; at most 16.
    static func messages(of lines: [String], width: Int) -> [String] {
        var texts = [lines.first ?? ""]
        for (previous, line) in zip(lines, lines.dropFirst()) {
            let firstWord = line.prefix { $0 != " " }
            let joins: [String]
            if previous.count == width, !previous.contains(" "), !line.isEmpty {
                joins = ["", " "]  // a long word cut at the width, or a word of just that length
            } else if !line.isEmpty, previous.count + 1 + firstWord.count > width {
                joins = [" "]  // the next word did not fit
            } else {
                joins = ["\n"]  // a paragraph of its own
            }
            texts = Array(texts.flatMap { text in joins.map { text + $0 + line } }.prefix(16))
        }
        return texts
    }

    private static func occurs(_ run: [String], in lines: [String]) -> Bool {
        guard let first = run.first, run.count <= lines.count else { return false }
        return lines.indices.contains { start in
            lines[start] == first && start + run.count <= lines.count && lines[start..<start + run.count].elementsEqual(run)
        }
    }
}
