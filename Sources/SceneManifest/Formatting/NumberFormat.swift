import Foundation
import ScenerySupport

/// Locale-aware number, currency and percent formatting over exact decimals, from a small
/// built-in table, so output is the same on every machine (Foundation's formatters follow
/// the ICU version of the platform). Group separators are plain spaces where CLDR uses
/// no-break spaces, so transcripts stay typable. Rounding is half to even, by
/// `Decimal.rounded(_:)`, the rule typed presenters share: `currency(0.125)` is `$0.12`.
public enum NumberFormat {
    struct Style {
        let decimal: String
        let group: String
        /// `¤` stands for the currency symbol, `#` for the number.
        let currencyPattern: String
        let percentPattern: String
    }

    static let english = Style(decimal: ".", group: ",", currencyPattern: "¤#", percentPattern: "#%")

    static let styles: [String: Style] = [
        "en": english,
        "ru": Style(decimal: ",", group: " ", currencyPattern: "# ¤", percentPattern: "# %"),
        "uk": Style(decimal: ",", group: " ", currencyPattern: "# ¤", percentPattern: "#%"),
        "de": Style(decimal: ",", group: ".", currencyPattern: "# ¤", percentPattern: "# %"),
        "fr": Style(decimal: ",", group: " ", currencyPattern: "# ¤", percentPattern: "# %"),
        "es": Style(decimal: ",", group: ".", currencyPattern: "# ¤", percentPattern: "# %"),
        "it": Style(decimal: ",", group: ".", currencyPattern: "# ¤", percentPattern: "#%"),
        "pt": Style(decimal: ",", group: ".", currencyPattern: "¤ #", percentPattern: "#%"),
        "pl": Style(decimal: ",", group: " ", currencyPattern: "# ¤", percentPattern: "#%"),
        "ja": Style(decimal: ".", group: ",", currencyPattern: "¤#", percentPattern: "#%"),
        "zh": Style(decimal: ".", group: ",", currencyPattern: "¤#", percentPattern: "#%")
    ]

    static let symbols: [String: String] = [
        "USD": "$", "EUR": "€", "GBP": "£", "RUB": "₽", "JPY": "¥", "CNY": "¥", "UAH": "₴", "PLN": "zł",
        "BRL": "R$", "INR": "₹", "KRW": "₩", "CHF": "CHF", "CAD": "CA$", "AUD": "A$"
    ]

    /// Currencies without minor units.
    static let wholeCurrencies: Set<String> = ["JPY", "KRW"]

    static func style(_ locale: String) -> Style {
        styles[FormatContext.language(locale)] ?? english
    }

    /// A number typed as the locale writes it — `12,50` and `1.234,50` in de, `1 234,5` in
    /// ru, `1,234.5` in en — or nil. Groups must be whole (three digits each); the plain
    /// form `12.50` is read before this, so it means the same in every locale.
    public static func parse(_ text: String, locale: String) -> Decimal? {
        let style = style(locale)
        var body = Substring(text.trimmingCharacters(in: .whitespaces))
        let sign = body.first == "-" ? "-" : ""
        if !sign.isEmpty { body = body.dropFirst() }
        let parts = body.split(separator: Character(style.decimal), maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, !whole.isEmpty else { return nil }
        let fraction = parts.count == 2 ? parts[1] : ""
        guard fraction.allSatisfy(\.isASCIIDigit), parts.count == 1 || !fraction.isEmpty else { return nil }
        // A no-break space groups too, where a person copies a number the locale printed.
        let groups = whole.split(omittingEmptySubsequences: false) { String($0) == style.group || ($0 == "\u{A0}" && style.group == " ") }
        guard groups.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }),
            groups.count == 1 || (groups[0].count <= 3 && groups.dropFirst().allSatisfy { $0.count == 3 })
        else { return nil }
        return DecimalText.parse(sign + groups.joined() + (fraction.isEmpty ? "" : "." + fraction))
    }

    /// `1,234.5` (en), `1 234,5` (ru); `places` fixes the number of decimals.
    public static func decimal(_ value: Decimal, places: Int?, locale: String) -> String {
        render(value, places: places, style: style(locale))
    }

    /// `$1,234.50` (en, USD), `1 234,50 ₽` (ru, RUB); a negative amount starts with `-`.
    public static func currency(_ value: Decimal, code: String, locale: String) -> String {
        let style = style(locale)
        let places = wholeCurrencies.contains(code) ? 0 : 2
        let digits = render(value < 0 ? -value : value, places: places, style: style)
        let symbol = symbols[code] ?? code
        let text = fill(style.currencyPattern, number: digits, symbol: symbol)
        return value < 0 && hasNonZeroDigit(digits) ? "-" + text : text
    }

    /// `0.155` → `15.5%` (en); `places` fixes the decimals of the percentage.
    public static func percent(_ value: Decimal, places: Int?, locale: String) -> String {
        let style = style(locale)
        return fill(style.percentPattern, number: render(value * 100, places: places, style: style))
    }

    /// A pattern with `#` replaced by the number and `¤` by the currency symbol.
    static func fill(_ pattern: String, number: String, symbol: String = "") -> String {
        var text = ""
        text.reserveCapacity(pattern.utf8.count + number.utf8.count + symbol.utf8.count)
        // By scalars: `#` and `¤` are one each, and walking characters cost more than the rest.
        for scalar in pattern.unicodeScalars {
            switch scalar {
            case "#": text += number
            case "¤": text += symbol
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text
    }

    /// Whether the rendered number shows a digit other than 0 (only then does `-` show).
    private static func hasNonZeroDigit(_ rendered: String) -> Bool {
        rendered.utf8.contains { (UInt8(ascii: "1")...UInt8(ascii: "9")).contains($0) }
    }

    static func render(_ value: Decimal, places: Int?, style: Style) -> String {
        let rounded = places.map(value.rounded) ?? value
        // Plain digits are ASCII: `-`, digits, at most one `.`; read as bytes, written as bytes.
        var plain = SceneValue.plain(rounded)
        return plain.withUTF8 { bytes in
            let negative = bytes.first == UInt8(ascii: "-")
            let unsigned = negative ? bytes[1...] : bytes[...]
            let point = unsigned.firstIndex(of: UInt8(ascii: "."))
            let whole = unsigned[..<(point ?? unsigned.endIndex)]
            var fraction = point.map { unsigned[($0 + 1)...] } ?? bytes[bytes.endIndex...]
            // Rounded to `places`, the fraction has at most that many digits.
            if let places, fraction.count > places { fraction = fraction.prefix(places) }
            let zeros = places.map { max(0, $0 - fraction.count) } ?? 0
            let (group, decimal) = (style.group.utf8, style.decimal.utf8)
            var body: [UInt8] = []
            body.reserveCapacity(1 + whole.count + whole.count / 3 * group.count + decimal.count + fraction.count + zeros)
            for (index, digit) in whole.enumerated() {
                if index > 0 && (whole.count - index) % 3 == 0 { body.append(contentsOf: group) }
                body.append(digit)
            }
            if !fraction.isEmpty || zeros > 0 {
                body.append(contentsOf: decimal)
                body.append(contentsOf: fraction)
                body.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: zeros))
            }
            let shown = whole.contains { $0 != UInt8(ascii: "0") } || fraction.contains { $0 != UInt8(ascii: "0") }
            if negative && shown { body.insert(UInt8(ascii: "-"), at: 0) }
            return String(decoding: body, as: UTF8.self)
        }
    }
}
