import Foundation

/// Splits expression text into tokens.
struct Lexer {
    enum Token: Equatable {
        case number(Decimal)
        case string(String)
        case identifier(String)
        case symbol(String)
        case end
    }

    struct Located: Equatable {
        let token: Token
        let offset: Int
    }

    private static let symbols = ["<=", ">=", "==", "!=", "&&", "||", "??",
                                  "!", "-", "*", "/", "%", "+", "<", ">", "?", ":", "|", "(", ")", "[", "]", ".", ","]

    /// Tokens of `bytes`, positions offset by `base`.
    static func tokens(_ bytes: ArraySlice<UInt8>, base: Int) throws(ExpressionError) -> [Located] {
        var result: [Located] = []
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
            } else if let symbol = symbols.first(where: { matches($0, bytes, at: index) }) {
                index += symbol.utf8.count
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

    private static func matches(_ symbol: String, _ bytes: ArraySlice<UInt8>, at index: Int) -> Bool {
        let utf8 = Array(symbol.utf8)
        guard index + utf8.count <= bytes.endIndex else { return false }
        return bytes[index..<index + utf8.count].elementsEqual(utf8)
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
