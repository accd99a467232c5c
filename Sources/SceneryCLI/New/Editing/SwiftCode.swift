/// Swift source as an editor of Package.swift sees it: each byte is code, comment or string
/// literal, so brackets, labels and names are looked for in code only.
///
/// ```swift
/// let code = SwiftCode(#"f("]", /* ] */ [1])"#)
/// code.closing(1) // 19, the ')' that closes f's call; the ']' in the string and the comment do not count
/// ```
///
/// Comments are `//` to the line's end and `/* … */`, nested. String literals are `"…"`,
/// `"""…"""` and raw `#"…"#` (any number of `#`), escapes skipped; the code of an
/// interpolation, `\(…)` (`\#(…)` in a raw string), is code again. A string left open ends
/// at its line's end (a multi-line one at the end of the text).
struct SwiftCode {
    enum Kind: Equatable { case code, comment, string }

    let bytes: [UInt8]
    let kinds: [Kind]

    init(_ text: String) { self.init(bytes: Array(text.utf8)) }

    init(bytes: [UInt8]) {
        self.bytes = bytes
        kinds = Self.classify(bytes)
    }

    /// What the scanner is inside: a string literal (its `#`s and whether it is `"""`), or the
    /// code of an interpolation (how many of its own parentheses are open).
    private enum Frame {
        case string(hashes: Int, multiline: Bool)
        case interpolation(depth: Int)
    }

    private static func classify(_ bytes: [UInt8]) -> [Kind] {
        var scanner = Scanner(bytes: bytes)
        scanner.run()
        return scanner.kinds
    }

    /// One pass over the bytes, marking each one's kind: one method per thing it can meet.
    private struct Scanner {
        let bytes: [UInt8]
        var kinds: [Kind]
        var stack: [Frame] = []
        var index = 0

        init(bytes: [UInt8]) {
            self.bytes = bytes
            kinds = [Kind](repeating: .code, count: bytes.count)
        }

        func byte(_ offset: Int) -> UInt8? { offset < bytes.count ? bytes[offset] : nil }
        mutating func mark(_ range: Range<Int>, _ kind: Kind) { for offset in range.clamped(to: 0..<bytes.count) { kinds[offset] = kind } }
        func repeats(_ character: UInt8, at offset: Int, _ times: Int) -> Bool {
            (0..<times).allSatisfy { byte(offset + $0) == character }
        }

        mutating func run() {
            while index < bytes.count {
                if case let .string(hashes, multiline)? = stack.last {
                    inString(hashes: hashes, multiline: multiline)
                    continue
                }
                switch bytes[index] {
                case UInt8(ascii: "/") where byte(index + 1) == UInt8(ascii: "/"): lineComment()
                case UInt8(ascii: "/") where byte(index + 1) == UInt8(ascii: "*"): blockComment()
                case UInt8(ascii: "#"), UInt8(ascii: "\""): stringStart()
                case UInt8(ascii: "("):
                    if case let .interpolation(depth)? = stack.last { stack[stack.count - 1] = .interpolation(depth: depth + 1) }
                    index += 1
                case UInt8(ascii: ")"): closingParenthesis()
                default: index += 1
                }
            }
        }

        /// A byte of a string literal: an escape or interpolation, its end, or text.
        mutating func inString(hashes: Int, multiline: Bool) {
            let current = bytes[index]
            if current == UInt8(ascii: "\\"), repeats(UInt8(ascii: "#"), at: index + 1, hashes) {
                let after = index + 1 + hashes
                // An interpolation's opening, or an escape: the backslash, its #s and the escaped byte.
                mark(index..<after + 1, .string)
                if byte(after) == UInt8(ascii: "(") { stack.append(.interpolation(depth: 0)) }
                index = after + 1
            } else if current == UInt8(ascii: "\""), repeats(UInt8(ascii: "\""), at: index, multiline ? 3 : 1),
                repeats(UInt8(ascii: "#"), at: index + (multiline ? 3 : 1), hashes)
            {
                let end = index + (multiline ? 3 : 1) + hashes
                mark(index..<end, .string)
                stack.removeLast()
                index = end
            } else if current == 10, !multiline {
                stack.removeLast()
            } else {
                kinds[index] = .string
                index += 1
            }
        }

        mutating func lineComment() {
            var end = index
            while end < bytes.count, bytes[end] != 10 { end += 1 }
            mark(index..<end, .comment)
            index = end
        }

        /// `/* … */`, nested.
        mutating func blockComment() {
            var end = index + 2, depth = 1
            while end < bytes.count, depth > 0 {
                if bytes[end] == UInt8(ascii: "/"), byte(end + 1) == UInt8(ascii: "*") {
                    depth += 1
                    end += 2
                } else if bytes[end] == UInt8(ascii: "*"), byte(end + 1) == UInt8(ascii: "/") {
                    depth -= 1
                    end += 2
                } else {
                    end += 1
                }
            }
            mark(index..<min(end, bytes.count), .comment)
            index = end
        }

        /// `"`, `"""` or `#"` opening a literal; a `#` before anything else is code.
        mutating func stringStart() {
            var quote = index
            while byte(quote) == UInt8(ascii: "#") { quote += 1 }
            guard byte(quote) == UInt8(ascii: "\"") else {
                index = quote  // `#if`, `#available`: code
                return
            }
            let multiline = repeats(UInt8(ascii: "\""), at: quote, 3)
            let end = quote + (multiline ? 3 : 1)
            mark(index..<end, .string)
            stack.append(.string(hashes: quote - index, multiline: multiline))
            index = end
        }

        /// A `)` in code: it may close an interpolation, which belongs to its string.
        mutating func closingParenthesis() {
            if case let .interpolation(depth)? = stack.last {
                if depth == 0 {
                    kinds[index] = .string
                    stack.removeLast()
                } else {
                    stack[stack.count - 1] = .interpolation(depth: depth - 1)
                }
            }
            index += 1
        }
    }

    // MARK: - Looking in code

    func isCode(_ offset: Int) -> Bool { offset >= 0 && offset < bytes.count && kinds[offset] == .code }

    /// The offset of the bracket that closes the `(`, `[` or `{` at `open`, counting code only.
    func closing(_ open: Int) -> Int? {
        guard isCode(open), Self.opens(bytes[open]) else { return nil }
        var depth = 0
        for offset in open..<bytes.count where kinds[offset] == .code {
            if Self.opens(bytes[offset]) { depth += 1 }
            if Self.closes(bytes[offset]) {
                depth -= 1
                if depth == 0 { return offset }
            }
        }
        return nil
    }

    static func opens(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") }

    static func closes(_ byte: UInt8) -> Bool { byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") }

    static func isIdentifier(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
    }

    static func isWhitespace(_ byte: UInt8) -> Bool { byte == 32 || byte == 9 || byte == 10 || byte == 13 }

    /// The first offset at or after `offset` that is neither whitespace nor comment.
    func skippingTrivia(from offset: Int) -> Int {
        var index = offset
        while index < bytes.count, kinds[index] == .comment || (kinds[index] == .code && Self.isWhitespace(bytes[index])) { index += 1 }
        return index
    }

    /// The last offset before `offset` that is neither whitespace nor comment, or -1.
    func skippingTriviaBackward(before offset: Int) -> Int {
        var index = offset - 1
        while index >= 0, kinds[index] == .comment || (kinds[index] == .code && Self.isWhitespace(bytes[index])) { index -= 1 }
        return index
    }

    /// Every offset where the identifier `word` stands whole in code.
    func occurrences(of word: String) -> [Int] {
        let pattern = Array(word.utf8)
        guard !pattern.isEmpty, bytes.count >= pattern.count else { return [] }
        var found: [Int] = []
        for start in 0...(bytes.count - pattern.count) where kinds[start] == .code && bytes[start] == pattern[0] {
            guard bytes[start..<start + pattern.count].elementsEqual(pattern) else { continue }
            if start > 0, Self.isIdentifier(bytes[start - 1]) { continue }
            let end = start + pattern.count
            if end < bytes.count, Self.isIdentifier(bytes[end]) { continue }
            found.append(start)
        }
        return found
    }

    /// The text of the plain string literal (`"…"`, no interpolation) that starts at `offset`.
    func stringLiteral(at offset: Int) -> String? {
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\""), kinds[offset] == .string,
            !bytes[offset...].starts(with: Array("\"\"\"".utf8))
        else { return nil }
        var end = offset + 1
        while end < bytes.count, kinds[end] == .string, bytes[end] != UInt8(ascii: "\"") {
            if bytes[end] == UInt8(ascii: "\\") { return nil }
            end += 1
        }
        guard end < bytes.count, bytes[end] == UInt8(ascii: "\""), end > offset else { return nil }
        return String(decoding: bytes[(offset + 1)..<end], as: UTF8.self)
    }
}
