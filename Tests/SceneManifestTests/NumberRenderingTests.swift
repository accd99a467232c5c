import Foundation
import Testing

@testable import SceneManifest

/// Numbers are written from their plain digits as bytes; what they read as is the same as
/// written character by character, which this suite keeps as its reference.
// checks: docs/manifest.md#expressions
@Suite struct NumberRenderingTests {
    /// The reference: the grouping and signs, walked character by character.
    static func reference(_ value: Decimal, places: Int?, style: NumberFormat.Style) -> String {
        let rounded = places.map(value.rounded) ?? value
        let plain = Array(SceneValue.plain(rounded).utf8)
        let negative = plain.first == UInt8(ascii: "-")
        let unsigned = negative ? plain.dropFirst() : plain[...]
        let point = unsigned.firstIndex(of: UInt8(ascii: "."))
        let whole = unsigned[..<(point ?? unsigned.endIndex)]
        var fraction = point.map { String(decoding: unsigned[($0 + 1)...], as: UTF8.self) } ?? ""
        if let places {
            if fraction.utf8.count > places { fraction = String(fraction.prefix(places)) }
            fraction += String(repeating: "0", count: places - fraction.utf8.count)
        }
        var grouped = ""
        for (index, digit) in whole.enumerated() {
            if index > 0 && (whole.count - index) % 3 == 0 { grouped += style.group }
            grouped.unicodeScalars.append(Unicode.Scalar(digit))
        }
        let body = fraction.isEmpty ? grouped : grouped + style.decimal + fraction
        return negative && body.contains(where: { $0 != "0" && $0.isNumber }) ? "-" + body : body
    }

    static let values: [Decimal] = [
        "0", "-0", "0.004", "-0.004", "-0.005", "-0.006", "0.125", "-0.125", "1", "-1", "12.5", "999.995", "1000", "-1234.5",
        "1234567.891", "-98765432101234.5678", "0.1", "100000", "-100000.01", "3.14159265358979", "12345678901234567890"
    ].compactMap { Decimal(string: $0) }

    @Test func numbersReadAsTheReferenceWritesThem() {
        for (language, style) in NumberFormat.styles {
            for value in Self.values {
                for places in [nil, 0, 1, 2, 3, 5] {
                    #expect(
                        NumberFormat.render(value, places: places, style: style) == Self.reference(value, places: places, style: style),
                        "\(language) \(value) \(String(describing: places))")
                }
            }
        }
    }

    @Test func moneyShowsAMinusOnlyWhenADigitShows() {
        #expect(NumberFormat.currency(Decimal(string: "-0.004")!, code: "USD", locale: "en_US") == "$0.00")
        #expect(NumberFormat.currency(Decimal(string: "-0.006")!, code: "USD", locale: "en_US") == "-$0.01")
        #expect(NumberFormat.currency(Decimal(string: "-1234.5")!, code: "EUR", locale: "de_DE") == "-1.234,50 €")
        #expect(NumberFormat.currency(Decimal(string: "-0.4")!, code: "JPY", locale: "ja_JP") == "¥0")
        #expect(NumberFormat.currency(Decimal(string: "1234567")!, code: "RUB", locale: "ru_RU") == "1 234 567,00 ₽")
    }
}

/// `contains(text, part)` searches plain ASCII by bytes and all else as Foundation does;
/// both give what Foundation's search gives.
// checks: docs/manifest.md#expressions
@Suite struct TextContainsTests {
    @Test func bytesFindWhatFoundationFinds() {
        let texts = [
            "", "a", "Pixel 8", "Phone Case", "aaab", "abcabd", "line\r\nnext", "café", "cafe\u{301}", "e\u{301}", "👋 hi", "x\u{0}y"
        ]
        let parts = ["", "a", "P", "ab", "abd", "aab", "\n", "\r", "\r\n", "e", "é", "e\u{301}", "hi", "👋", "Case", "Pixel 8 ", "\u{0}"]
        for text in texts {
            for part in parts {
                #expect(
                    Functions.textContains(text, part) == (text.range(of: part) != nil), "\(text.debugDescription) \(part.debugDescription)"
                )
            }
        }
    }
}
