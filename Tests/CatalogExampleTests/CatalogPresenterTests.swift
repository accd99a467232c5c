import CatalogExample
import Foundation
import Testing
import VIP
import VIPTesting

@Suite struct CatalogPresenterTests {
    @Test(arguments: [
        ("0", "$0.00"), ("9.99", "$9.99"), ("1234567.5", "$1,234,567.50"), ("-12.345", "-$12.34"), ("0.125", "$0.12")
    ])
    @MainActor
    func pricesAreExactDollars(amount: String, shown: String) {
        let product = Product(id: "x", name: "X", price: Decimal(string: amount)!)
        let viewModel = CatalogLoadPresenter().present(.loaded(products: [product], query: ""))
        #expect(viewModel.rows.first?.detail == shown)
    }
}
