import Foundation

/// Exact conversion of JSON number text to `Decimal`.
public enum DecimalText {
    /// The decimal for a JSON number literal, or nil when it does not fit exactly enough
    /// (more than 38 significant digits, or an exponent out of range).
    public static func parse(_ text: String) -> Decimal? {
        guard let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")), !value.isNaN else { return nil }
        let mantissa = text.split(whereSeparator: { $0 == "e" || $0 == "E" }).first ?? ""
        let significant = mantissa.filter(\.isNumber).drop { $0 == "0" }
        guard significant.count <= 38 else { return nil }
        // A non-zero literal that came out as zero underflowed the exponent range.
        if value == 0, significant.contains(where: { $0 != "0" }) { return nil }
        return value
    }
}
