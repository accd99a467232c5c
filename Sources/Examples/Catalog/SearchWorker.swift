import Foundation
import VIP

/// Finds the products whose name or tags contain every word of the text, case-insensitively,
/// and orders them cheapest first (by name when prices tie), so results are deterministic.
public struct SearchWorker: Worker {
    public init() {}

    public func run(_ input: (products: [Product], text: String)) -> [Product] {
        let words = input.text.lowercased().split(separator: " ").map(String.init)
        return input.products
            .filter { product in
                let haystack = ([product.name] + product.tags).map { $0.lowercased() }
                return words.allSatisfy { word in haystack.contains { $0.contains(word) } }
            }
            .sorted { ($0.price, $0.name) < ($1.price, $1.name) }
    }
}
