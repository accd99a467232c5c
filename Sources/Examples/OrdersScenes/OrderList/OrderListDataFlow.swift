// Ejected from scenes/OrderList.json by `scenery eject`: edit it as your own code.

import Foundation
import VIP

/// The scene 'OrderList' (scenes/OrderList.json), ejected: each use case's Request, Response and ViewModel.
public enum OrderList {
    /// 'load'.
    public enum Load: DataFlow {
        public struct Request: Decodable, Sendable {
        }
        public struct Response: Encodable, Sendable {
            public var orders: [Models.Order]

            public init(orders: [Models.Order]) {
                self.orders = orders
            }
        }
        public struct ViewModel: Encodable, Sendable {
            public var rows: [RowsRow]
            public var summary: String

            public init(rows: [RowsRow], summary: String) {
                self.rows = rows
                self.summary = summary
            }
        }
        /// A row of 'rows'.
        public struct RowsRow: Encodable, Sendable {
            public var title: String
            public var detail: String
            public var id: String

            public init(title: String, detail: String, id: String) {
                self.title = title
                self.detail = detail
                self.id = id
            }
        }
    }

    /// 'open'.
    public enum Open: DataFlow {
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
