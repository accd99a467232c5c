// Ejected from scenes/Cart.json by `scenery eject`: edit it as your own code.

import Foundation
import VIP

/// The scene 'Cart' (scenes/Cart.json), ejected: each use case's Request, Response and ViewModel.
public enum Cart {
    /// 'load'.
    public enum Load: DataFlow {
        public struct Request: Decodable, Sendable {
        }
        public struct Response: Encodable, Sendable {
            public var lines: [Models.CartLine]
            public var total: Decimal

            public init(lines: [Models.CartLine], total: Decimal) {
                self.lines = lines
                self.total = total
            }
        }
        public struct ViewModel: Encodable, Sendable {
            public var rows: [RowsRow]
            public var total: String

            public init(rows: [RowsRow], total: String) {
                self.rows = rows
                self.total = total
            }
        }
        /// A row of 'rows'.
        public struct RowsRow: Encodable, Sendable {
            public var title: String
            public var detail: String
            public var productId: String

            public init(title: String, detail: String, productId: String) {
                self.title = title
                self.detail = detail
                self.productId = productId
            }
        }
    }

    /// 'remove'.
    public enum Remove: DataFlow {
        public struct Request: Decodable, Sendable {
            public var productId: String

            public init(productId: String) {
                self.productId = productId
            }
        }
        public typealias Response = Never
        public typealias ViewModel = Never
    }

    /// 'checkout'.
    public enum Checkout: DataFlow {
        public struct Request: Decodable, Sendable {
        }
        public typealias Response = Never
        public typealias ViewModel = Never
    }

    /// 'paid'.
    public enum Paid: DataFlow {
        public struct Request: Decodable, Sendable {
            public var orderId: String

            public init(orderId: String) {
                self.orderId = orderId
            }
        }
        public typealias Response = Never
        public typealias ViewModel = Never
    }
}
