// Ejected from scenes/Orders.json by `scenery eject`: edit it as your own code.

import Foundation
import SceneManifest
import SceneRuntime
import VIP

/// The scene 'Orders' (scenes/Orders.json), ejected: each use case's Request, Response and ViewModel.
public enum Orders {
    /// 'load'.
    public enum Load: DataFlow {
        public struct Request: Decodable, Sendable {
        }
        public struct Response: Encodable, Sendable, SceneValueConvertible {
            public var orders: [Models.Order]

            public init(orders: [Models.Order]) {
                self.orders = orders
            }

            public var sceneValue: SceneValue { .record(Record(fields: [("orders", orders.sceneValue)])) }

            public init?(sceneValue: SceneValue) {
                guard case .record = sceneValue,
                    let orders = [Models.Order](sceneValue: sceneValue["orders"])
                else { return nil }
                self.init(orders: orders)
            }
        }
        public struct ViewModel: Encodable, Sendable, SceneValueConvertible {
            public var rows: [RowsRow]
            public var summary: String

            public init(rows: [RowsRow], summary: String) {
                self.rows = rows
                self.summary = summary
            }

            public var sceneValue: SceneValue { .record(Record(fields: [("rows", rows.sceneValue), ("summary", summary.sceneValue)])) }

            public init?(sceneValue: SceneValue) {
                guard case .record = sceneValue,
                    let rows = [RowsRow](sceneValue: sceneValue["rows"]),
                    let summary = String(sceneValue: sceneValue["summary"])
                else { return nil }
                self.init(rows: rows, summary: summary)
            }
        }
        /// A row of 'rows'.
        public struct RowsRow: Encodable, Sendable, SceneValueConvertible {
            public var title: String
            public var detail: String

            public init(title: String, detail: String) {
                self.title = title
                self.detail = detail
            }

            public var sceneValue: SceneValue { .record(Record(fields: [("title", title.sceneValue), ("detail", detail.sceneValue)])) }

            public init?(sceneValue: SceneValue) {
                guard case .record = sceneValue,
                    let title = String(sceneValue: sceneValue["title"]),
                    let detail = String(sceneValue: sceneValue["detail"])
                else { return nil }
                self.init(title: title, detail: detail)
            }
        }
    }
}
