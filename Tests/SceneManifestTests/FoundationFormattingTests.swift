import Foundation
import SceneManifest
import Testing

/// Where Foundation's number formatting differs from Scenery's, as docs/manifest.md says:
/// the same digits and rounding, no-break spaces where Scenery writes plain ones.
// checks: docs/manifest.md#functions
@Suite struct FoundationFormattingTests {
    static func foundation(_ value: Decimal, _ locale: String, currency: String? = nil) -> String {
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: locale)
        formatter.numberStyle = currency == nil ? .decimal : .currency
        formatter.currencyCode = currency
        formatter.minimumFractionDigits = 2
        formatter.maximumFractionDigits = 2
        return formatter.string(from: value as NSDecimalNumber) ?? ""
    }

    @Test func deEuroDiffersOnlyInTheSpaceBeforeTheSign() {
        let scenery = NumberFormat.currency(Decimal(string: "12.5") ?? 0, code: "EUR", locale: "de_DE")
        let system = Self.foundation(Decimal(string: "12.5") ?? 0, "de_DE", currency: "EUR")
        #expect(scenery == "12,50 €")
        #expect(system.replacingOccurrences(of: "\u{A0}", with: " ") == scenery)
    }

    @Test func ruGroupsDifferOnlyInTheSpaceBetweenThem() {
        let value = Decimal(string: "1234.5") ?? 0
        let scenery = NumberFormat.decimal(value, places: 2, locale: "ru_RU")
        let system = Self.foundation(value, "ru_RU")
        #expect(scenery == "1 234,50")
        #expect(system.replacingOccurrences(of: "\u{A0}", with: " ").replacingOccurrences(of: "\u{202F}", with: " ") == scenery)
    }
}
