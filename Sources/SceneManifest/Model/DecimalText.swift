import Foundation
import ScenerySupport

/// Exact conversion of JSON number text to `Decimal`.
public enum DecimalText {
    /// The decimal for a JSON number literal, or nil when it does not fit exactly enough
    /// (more than 38 significant digits, or an exponent out of range). The whole text must be a number (`-12`, `+0.5`, `.5`, `1e-3`): Foundation's own
    /// parser stops at the first stray character, reading `12abc` as 12.
    public static func parse(_ text: String) -> Decimal? {
        // Most literals are small whole numbers, which an Int holds exactly: Foundation's
        // parser is the slow path.
        if text.utf8.count <= 18, let whole = Int(text) { return Decimal(whole) }
        if let plain = Decimal.plain(text.utf8) { return plain }
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
