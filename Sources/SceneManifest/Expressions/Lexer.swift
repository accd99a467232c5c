import Foundation

/// Splits expression text into tokens.
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
        case lessOrEqual = "<=", greaterOrEqual = ">=", equal = "==", notEqual = "!=", and = "&&", or = "||", coalesce = "??"
        case not = "!", minus = "-", times = "*", slash = "/", percent = "%", plus = "+", less = "<", greater = ">"
        case question = "?", colon = ":", pipe = "|", openParen = "(", closeParen = ")", openBracket = "[", closeBracket = "]"
        case dot = ".", comma = ","

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

    /// Tokens of `bytes`, positions offset by `base`.
    static func tokens(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, base: Int) throws(ExpressionError) -> [Located] {
        var result: [Located] = []
        // A token takes two bytes or more in most expressions: one allocation, not a dozen.
        result.reserveCapacity(bytes.count / 2 + 1)
        var index = bytes.startIndex
        func offset(_ position: Int) -> Int { base + position - bytes.startIndex }
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                index += 1
                continue
            }
            let start = index
            if isDigit(byte) {
                while index < bytes.endIndex, isDigit(bytes[index]) { index += 1 }
                if index + 1 < bytes.endIndex, bytes[index] == UInt8(ascii: "."), isDigit(bytes[index + 1]) {
                    index += 1
                    while index < bytes.endIndex, isDigit(bytes[index]) { index += 1 }
                }
                let text = String(decoding: bytes[start..<index], as: UTF8.self)
                // As in JSON: a literal no decimal holds exactly is refused, never rounded.
                guard let number = DecimalText.parse(text) else {
                    throw ExpressionError(.numberOutOfRange, "number \(text.count > 40 ? text.prefix(40) + "…" : text) is out of range", at: offset(start),
                                          hint: "numbers keep 38 significant digits and exponents from -128 to 127")
                }
                result.append(Located(token: .number(number), offset: offset(start)))
            } else if byte == UInt8(ascii: "'"), let close = bytes[(index + 1)...].firstIndex(where: { $0 == UInt8(ascii: "'") || $0 == UInt8(ascii: "\\") }),
                      bytes[close] == UInt8(ascii: "'") {
                // A string without escapes, the usual kind: its bytes as they are.
                result.append(Located(token: .string(String(decoding: bytes[(index + 1)..<close], as: UTF8.self)), offset: offset(start)))
                index = close + 1
            } else if byte == UInt8(ascii: "'") {
                index += 1
                var text: [UInt8] = []
                var closed = false
                while index < bytes.endIndex {
                    let character = bytes[index]
                    if character == UInt8(ascii: "\\"), index + 1 < bytes.endIndex {
                        text.append(bytes[index + 1])
                        index += 2
                    } else if character == UInt8(ascii: "'") {
                        index += 1
                        closed = true
                        break
                    } else {
                        text.append(character)
                        index += 1
                    }
                }
                guard closed else { throw ExpressionError(.expressionSyntax, "unterminated string literal", at: offset(start)) }
                result.append(Located(token: .string(String(decoding: text, as: UTF8.self)), offset: offset(start)))
            } else if isIdentifierStart(byte) {
                while index < bytes.endIndex, isIdentifierStart(bytes[index]) || isDigit(bytes[index]) { index += 1 }
                result.append(Located(token: .identifier(String(decoding: bytes[start..<index], as: UTF8.self)), offset: offset(start)))
            } else if let symbol = symbol(bytes, at: index) {
                index += symbol.length
                result.append(Located(token: .symbol(symbol), offset: offset(start)))
            } else {
                let length = max(1, min(4, Self.scalarLength(byte)))
                let text = String(decoding: bytes[start..<min(bytes.endIndex, start + length)], as: UTF8.self)
                if text == "=" || text == "&" {
                    throw ExpressionError(.expressionSyntax, "unexpected '\(text)'", at: offset(start), hint: "did you mean '\(text)\(text)'?")
                }
                throw ExpressionError(.expressionSyntax, "unexpected '\(text)'", at: offset(start))
            }
        }
        result.append(Located(token: .end, offset: offset(bytes.endIndex)))
        return result
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
        case UInt8(ascii: "."): return .dot
        case UInt8(ascii: ","): return .comma
        default: return nil
        }
    }

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
