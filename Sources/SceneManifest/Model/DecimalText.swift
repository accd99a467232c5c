import Foundation

/// Exact conversion of JSON number text to `Decimal`.
public enum DecimalText {
    /// The decimal for a JSON number literal, or nil when it does not fit exactly enough
    /// (more than 38 significant digits, or an exponent out of range). The whole text must be a number (`-12`, `+0.5`, `.5`, `1e-3`): Foundation's own
    /// parser stops at the first stray character, reading `12abc` as 12.
    public static func parse(_ text: String) -> Decimal? {
        // Most literals are small whole numbers, which an Int holds exactly: Foundation's
        // parser is the slow path.
        if text.utf8.count <= 18, let whole = Int(text) { return Decimal(whole) }
        if let plain = plainFraction(text.utf8) { return plain }
        guard isNumber(text.utf8) else { return nil }
        let mantissa = text.split(whereSeparator: { $0 == "e" || $0 == "E" }).first ?? ""
        let digits = mantissa.filter(\.isNumber)
        let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
        // Zero is zero whatever its exponent (0e999999).
        guard let first = digits.firstIndex(where: { $0 != "0" }), let last = digits.lastIndex(where: { $0 != "0" }) else {
            return 0
        }
        guard let value, !value.isNaN else { return nil }
        // Zeros at either end of the digits add no precision: 123e65 and 1230…0 both fit.
        guard digits[first...last].count <= 38 else { return nil }
        // A non-zero literal that came out as zero underflowed the exponent range.
        if value == 0 { return nil }
        return value
    }

    /// A number written `-?digits.digits`, 18 digits at most, as most prices are: built from
    /// its digits as a whole number and a power of ten, without Foundation's parser. Trailing
    /// zeros of the fraction are dropped first, as the parser drops them.
    static func plainFraction(_ bytes: String.UTF8View) -> Decimal? {
        guard bytes.count <= 20 else { return nil }
        var mantissa: UInt64 = 0
        var (digits, places, negative, point) = (0, 0, false, false)
        for (index, byte) in bytes.enumerated() {
            switch byte {
            case UInt8(ascii: "-") where index == 0: negative = true
            case UInt8(ascii: ".") where !point && digits > 0: point = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                mantissa = mantissa * 10 + UInt64(byte - UInt8(ascii: "0"))
                digits += 1
                if point { places += 1 }
            default: return nil
            }
        }
        guard point, places > 0, digits <= 18 else { return nil }
        while places > 0, mantissa % 10 == 0 {
            mantissa /= 10
            places -= 1
        }
        if mantissa == 0 { return 0 }
        return Decimal(sign: negative ? .minus : .plus, exponent: -places, significand: Decimal(mantissa))
    }

    /// `[+-]? (digits [. digits?] | . digits) ([eE] [+-]? digits)?`, and nothing else.
    static func isNumber(_ bytes: String.UTF8View) -> Bool {
        var index = bytes.startIndex
        func skipDigits() -> Int {
            var count = 0
            while index < bytes.endIndex, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                index = bytes.index(after: index)
                count += 1
            }
            return count
        }
        func skip(_ characters: String) -> Bool {
            guard index < bytes.endIndex, characters.utf8.contains(bytes[index]) else { return false }
            index = bytes.index(after: index)
            return true
        }
        _ = skip("+-")
        var digits = skipDigits()
        if skip(".") { digits += skipDigits() }
        guard digits > 0 else { return false }
        if skip("eE") {
            _ = skip("+-")
            guard skipDigits() > 0 else { return false }
        }
        return index == bytes.endIndex
    }
}
