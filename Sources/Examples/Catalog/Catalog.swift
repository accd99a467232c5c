import Foundation
import VIP

/// A product in the example shop.
public struct Product: Sendable, Equatable, Codable {
    public var id: String
    public var name: String
    /// Exact money: a `Decimal`, never a `Double`.
    public var price: Decimal
    public var tags: [String]

    public init(id: String, name: String, price: Decimal, tags: [String] = []) {
        self.id = id
        self.name = name
        self.price = price
        self.tags = tags
    }
}

/// The Catalog module's DataFlow, in YARCH's form: one caseless enum per use case.
public enum Catalog {
    /// Shows the products matching a search, cheapest first.
    public enum Load: DataFlow {
        public struct Request: Sendable, Equatable {
            public var query: String
            public init(query: String = "") { self.query = query }
        }

        public enum Response: Sendable, Equatable {
            case loading
            case loaded(products: [Product], query: String)
        }

        public struct ViewModel: Sendable, Equatable {
            public struct Row: Sendable, Equatable {
                public var title: String
                public var detail: String
                public init(title: String, detail: String) {
                    self.title = title
                    self.detail = detail
                }
            }

            public var isLoading: Bool
            public var rows: [Row]
            public var summary: String

            public init(isLoading: Bool = false, rows: [Row] = [], summary: String = "") {
                self.isLoading = isLoading
                self.rows = rows
                self.summary = summary
            }
        }
    }

    /// Opens the product in a row of the list: stores its id where the Product module reads
    /// it, YARCH style, and routes there.
    public enum Open: DataFlow {
        public struct Request: Sendable, Equatable {
            /// 1-based, as the list numbers its rows.
            public var row: Int
            public init(row: Int) { self.row = row }
        }

        public typealias Response = Never
        public typealias ViewModel = Never
    }

    public enum Route: Sendable, Equatable {
        case product(id: String)
    }

    /// What the Catalog module remembers between requests.
    public struct State: Sendable, Equatable {
        public var products: [Product] = []
        public init() {}
    }

    public enum Failure: Error, Equatable, CustomStringConvertible {
        case noSuchRow(Int, count: Int)

        public var description: String {
            switch self {
            case let .noSuchRow(row, count):
                count == 0 ? "there is no row \(row): the list is empty" : "there is no row \(row): choose 1 to \(count)"
            }
        }
    }
}

extension SharedKey where Value == String? {
    /// The id of the product to show, written by Catalog and read by Product.
    public static let selectedProductID = SharedKey("selectedProductID", default: nil)
}
