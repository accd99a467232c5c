import Foundation
import ScenerySupport
import VIP

/// Formats the catalog: a row per product with its price in dollars, and a summary line.
public struct CatalogLoadPresenter: Presenter {
    public init() {}

    public func present(_ response: Catalog.Load.Response) -> Catalog.Load.ViewModel {
        switch response {
        case .loading:
            return .init(isLoading: true)
        case let .loaded(products, query):
            let rows = products.map { Catalog.Load.ViewModel.Row(title: $0.name, detail: Money.format($0.price)) }
            let noun = products.count == 1 ? "product" : "products"
            let summary = query.isEmpty ? "\(products.count) \(noun)" : "\(products.count) \(noun) for '\(query)'"
            return .init(rows: rows, summary: summary)
        }
    }
}

/// Dollars with two decimals and thousands separators, computed on `Decimal` digits so the
/// output does not depend on the machine's locale; rounded half to even by VIP's
/// `Decimal.rounded(_:)`, the rule JSON scenes' `currency` uses too.
enum Money {
    static func format(_ amount: Decimal) -> String {
        let rounded = amount.rounded(2)
        let negative = rounded < 0
        let digits = "\(negative ? -rounded : rounded)"
        let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
        let whole = String(parts[0])
        let fraction = parts.count > 1 ? String(parts[1]) : ""
        var grouped = ""
        for (index, character) in whole.enumerated() {
            if index > 0 && (whole.count - index) % 3 == 0 { grouped.append(",") }
            grouped.append(character)
        }
        let cents = (fraction + "00").prefix(2)
        return "\(negative ? "-" : "")$\(grouped).\(cents)"
    }
}
