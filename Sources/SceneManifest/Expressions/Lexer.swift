import Foundation

/// Splits expression text into tokens, one at a time as the parser asks.
struct Lexer {
    enum Token: Equatable {
        case number(Decimal)
        case string(String)
        case identifier(String)
        case symbol(Symbol)
        case end
    }

    /// Operators and punctuation; the raw value is how each is written.
    enum Symbol: String, CaseIterable {
        case lessOrEqual = "<="
        case greaterOrEqual = ">="
        case equal = "=="
        case notEqual = "!="
        case and = "&&"
        case or = "||"
        case coalesce = "??"
        case not = "!"
        case minus = "-"
        case times = "*"
        case slash = "/"
        case percent = "%"
        case plus = "+"
        case less = "<"
        case greater = ">"
        case question = "?"
        case colon = ":"
        case pipe = "|"
        case openParen = "("
        case closeParen = ")"
        case openBracket = "["
        case closeBracket = "]"
        case openBrace = "{"
        case closeBrace = "}"
        case dot = "."
        case comma = ","

        /// Bytes the symbol takes: by case, where `rawValue` would build its string first.
        var length: Int {
            switch self {
            case .lessOrEqual, .greaterOrEqual, .equal, .notEqual, .and, .or, .coalesce: 2
            default: 1
            }
        }
    }

    struct Located: Equatable {
        let token: Token
        let offset: Int
    }

    /// The expression's bytes; offsets are reported relative to `base`.
    let bytes: Slice<UnsafeBufferPointer<UInt8>>
    let base: Int
    /// Where the next token starts (or the whitespace before it).
    private var index: Int

    init(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, base: Int) {
        self.bytes = bytes
        self.base = base
        index = bytes.startIndex
    }

    /// Tokens one at a time, as the parser asks: no array of them is built, kept or freed.
    /// `.end` once the bytes are used up, as often as asked.
    mutating func next() throws(ExpressionError) -> Located {
        while index < bytes.endIndex, Self.isSpace(bytes[index]) { index += 1 }
        let start = index
        guard index < bytes.endIndex else { return Located(token: .end, offset: offset(start)) }
        let byte = bytes[index]
        if Self.isDigit(byte) {
            while index < bytes.endIndex, Self.isDigit(bytes[index]) { index += 1 }
            if index + 1 < bytes.endIndex, bytes[index] == UInt8(ascii: "."), Self.isDigit(bytes[index + 1]) {
                index += 1
                while index < bytes.endIndex, Self.isDigit(bytes[index]) { index += 1 }
            }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            // As in JSON: a literal no decimal holds exactly is refused, never rounded.
            guard let number = DecimalText.parse(text) else {
                throw ExpressionError(
                    .numberOutOfRange, "number \(text.count > 40 ? text.prefix(40) + "…" : text) is out of range", at: offset(start),
                    hint: "numbers keep 38 significant digits and exponents from -128 to 127")
            }
            return Located(token: .number(number), offset: offset(start))
        }
        if byte == UInt8(ascii: "'") { return try string(from: start) }
        if Self.isIdentifierStart(byte) {
            while index < bytes.endIndex, Self.isIdentifierStart(bytes[index]) || Self.isDigit(bytes[index]) { index += 1 }
            return Located(token: .identifier(String(decoding: bytes[start..<index], as: UTF8.self)), offset: offset(start))
        }
        if let symbol = Self.symbol(bytes, at: index) {
            index += symbol.length
            return Located(token: .symbol(symbol), offset: offset(start))
        }
        let length = max(1, min(4, Self.scalarLength(byte)))
        let text = String(decoding: bytes[start..<min(bytes.endIndex, start + length)], as: UTF8.self)
        if text == "=" || text == "&" {
            throw ExpressionError(
                .expressionSyntax, "unexpected '\(text)'", at: offset(start),
                hint: Hint("did you mean '\(text)\(text)'?", replacing: text, with: text + text))
        }
        if text == "\"" {
            throw ExpressionError(
                .expressionSyntax, "unexpected '\"'", at: offset(start), hint: "strings inside @{…} take single quotes: 'done'")
        }
        throw ExpressionError(.expressionSyntax, "unexpected '\(text)'", at: offset(start))
    }

    /// Lexes what is left, for its first error. The parser calls this on a lexer that has not
    /// started, so a mistake the lexer finds anywhere in an expression is reported before one
    /// the parser finds, as when the whole text was lexed before parsing began.
    mutating func rest() throws(ExpressionError) {
        while try next().token != .end {}
    }

    private func offset(_ position: Int) -> Int { base + position - bytes.startIndex }

    /// A quoted string starting at `start`.
    private mutating func string(from start: Int) throws(ExpressionError) -> Located {
        if let close = bytes[(start + 1)...].firstIndex(where: { $0 == UInt8(ascii: "'") || $0 == UInt8(ascii: "\\") }),
            bytes[close] == UInt8(ascii: "'")
        {
            // A string without escapes, the usual kind: its bytes as they are.
            index = close + 1
            return Located(token: .string(String(decoding: bytes[(start + 1)..<close], as: UTF8.self)), offset: offset(start))
        }
        var position = start + 1
        var text: [UInt8] = []
        while position < bytes.endIndex {
            let character = bytes[position]
            if character == UInt8(ascii: "\\"), position + 1 < bytes.endIndex {
                text.append(bytes[position + 1])
                position += 2
            } else if character == UInt8(ascii: "'") {
                index = position + 1
                return Located(token: .string(String(decoding: text, as: UTF8.self)), offset: offset(start))
            } else {
                text.append(character)
                position += 1
            }
        }
        throw ExpressionError(.expressionSyntax, "unterminated string literal", at: offset(start))
    }

    /// The symbol at `index`, two-byte symbols first: `<=` is one symbol, not `<` then `=`.
    private static func symbol(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, at index: Int) -> Symbol? {
        let next = index + 1 < bytes.endIndex ? bytes[index + 1] : 0
        switch (bytes[index], next) {
        case (UInt8(ascii: "<"), UInt8(ascii: "=")): return .lessOrEqual
        case (UInt8(ascii: ">"), UInt8(ascii: "=")): return .greaterOrEqual
        case (UInt8(ascii: "="), UInt8(ascii: "=")): return .equal
        case (UInt8(ascii: "!"), UInt8(ascii: "=")): return .notEqual
        case (UInt8(ascii: "&"), UInt8(ascii: "&")): return .and
        case (UInt8(ascii: "|"), UInt8(ascii: "|")): return .or
        case (UInt8(ascii: "?"), UInt8(ascii: "?")): return .coalesce
        default: break
        }
        switch bytes[index] {
        case UInt8(ascii: "!"): return .not
        case UInt8(ascii: "-"): return .minus
        case UInt8(ascii: "*"): return .times
        case UInt8(ascii: "/"): return .slash
        case UInt8(ascii: "%"): return .percent
        case UInt8(ascii: "+"): return .plus
        case UInt8(ascii: "<"): return .less
        case UInt8(ascii: ">"): return .greater
        case UInt8(ascii: "?"): return .question
        case UInt8(ascii: ":"): return .colon
        case UInt8(ascii: "|"): return .pipe
        case UInt8(ascii: "("): return .openParen
        case UInt8(ascii: ")"): return .closeParen
        case UInt8(ascii: "["): return .openBracket
        case UInt8(ascii: "]"): return .closeBracket
        case UInt8(ascii: "{"): return .openBrace
        case UInt8(ascii: "}"): return .closeBrace
        case UInt8(ascii: "."): return .dot
        case UInt8(ascii: ","): return .comma
        default: return nil
        }
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
    }

    private static func scalarLength(_ lead: UInt8) -> Int {
        switch lead {
        case 0xF0...: 4
        case 0xE0...: 3
        case 0xC0...: 2
        default: 1
        }
    }
}
