import CatalogExample
import Foundation
import SceneManifest
import Testing

/// The typed Catalog and a JSON scene's `currency` round money by one rule, half to even, so a
/// price prints the same whichever path formats it.
@MainActor
@Suite struct MoneyRoundingTests {
    /// The price the typed presenter shows for `amount`.
    func typed(_ amount: Decimal) -> String {
        let product = Product(id: "p", name: "Thing", price: amount)
        return CatalogLoadPresenter().present(.loaded(products: [product], query: "")).rows.first?.detail ?? "?"
    }

    /// The price a JSON scene's `currency` shows for `amount`, as the manifest writes it.
    func json(_ amount: String) throws -> String {
        let context = EvaluationContext(format: FormatContext(locale: "en_US", currency: "USD"))
        return try Evaluator.evaluate(try ExpressionParser.template("@{currency(\(amount))}"), in: context).get().description
    }

    @Test(arguments: [
        ("0.125", "$0.12"), ("0.135", "$0.14"), ("2.5", "$2.50"), ("-0.125", "-$0.12"),
        ("0.005", "$0.00"), ("0.015", "$0.02"), ("1234.565", "$1,234.56"), ("-2.675", "-$2.68")
    ])
    func bothPathsPrintTheSameAmount(amount: String, expected: String) throws {
        let value = try #require(Decimal(string: amount, locale: Locale(identifier: "en_US_POSIX")))
        #expect(typed(value) == expected)
        #expect(try json(amount) == expected)
    }
}
