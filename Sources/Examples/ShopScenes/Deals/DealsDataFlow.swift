// Ejected from scenes/Deals.json by `scenery eject`: edit it as your own code.

import Foundation
import VIP

/// The scene 'Deals' (scenes/Deals.json), ejected: each use case's Request, Response and ViewModel.
public enum Deals {
    /// 'load'.
    public enum Load: DataFlow {
        public struct Request: Decodable, Sendable {
        }
        public struct Response: Encodable, Sendable {
            public var deals: [Models.Deal]

            public init(deals: [Models.Deal]) {
                self.deals = deals
            }
        }
        public struct ViewModel: Encodable, Sendable {
            public var rows: [RowsRow]

            public init(rows: [RowsRow]) {
                self.rows = rows
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
