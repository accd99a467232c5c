// Ejected from scenes/Orders.json by `scenery eject`: edit it as your own code.

import Foundation
import VIP

/// The scene 'Orders' (scenes/Orders.json), ejected: each use case's Request, Response and ViewModel.
public enum Orders {
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

            public init(title: String, detail: String) {
                self.title = title
                self.detail = detail
            }
        }
    }
}
