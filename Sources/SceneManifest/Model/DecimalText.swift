import Foundation

/// Exact conversion of JSON number text to `Decimal`.
public enum DecimalText {
    /// The decimal for a JSON number literal, or nil when it does not fit exactly enough
    /// (more than 38 significant digits, or an exponent out of range).
    public static func parse(_ text: String) -> Decimal? {
        guard let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")), !value.isNaN else { return nil }
        let digits = text.split(whereSeparator: { $0 == "e" || $0 == "E" })[0].filter(\.isNumber).drop { $0 == "0" }
        if digits.count > 38 { return nil }
        if value == 0, text.contains(where: { ("1"..."9").contains($0) }) && !text.contains(where: { $0 == "e" || $0 == "E" }) { return nil }
        return value
    }
}
