// Ejected from scenes/Cart.json by `scenery eject`: edit it as your own code.

import Foundation
import SceneManifest
import SceneRuntime
import VIP

/// The scene 'Cart' (scenes/Cart.json), ejected: each use case's Request, Response and ViewModel.
public enum Cart {
    /// 'load'.
    public enum Load: DataFlow {
        public struct Request: Decodable, Sendable {
        }
        public struct Response: Encodable, Sendable, SceneValueConvertible {
            public var lines: [Models.CartLine]
            public var total: Decimal

            public init(lines: [Models.CartLine], total: Decimal) {
                self.lines = lines
                self.total = total
            }

            public var sceneValue: SceneValue { .record(Record(fields: [("lines", lines.sceneValue), ("total", total.sceneValue)])) }

            public init?(sceneValue: SceneValue) {
                guard case .record = sceneValue,
                    let lines = [Models.CartLine](sceneValue: sceneValue["lines"]),
                    let total = Decimal(sceneValue: sceneValue["total"])
                else { return nil }
                self.init(lines: lines, total: total)
            }
        }
        public struct ViewModel: Encodable, Sendable, SceneValueConvertible {
            public var rows: [RowsRow]
            public var total: String

            public init(rows: [RowsRow], total: String) {
                self.rows = rows
                self.total = total
            }

            public var sceneValue: SceneValue { .record(Record(fields: [("rows", rows.sceneValue), ("total", total.sceneValue)])) }

            public init?(sceneValue: SceneValue) {
                guard case .record = sceneValue,
                    let rows = [RowsRow](sceneValue: sceneValue["rows"]),
                    let total = String(sceneValue: sceneValue["total"])
                else { return nil }
                self.init(rows: rows, total: total)
            }
        }
        /// A row of 'rows'.
        public struct RowsRow: Encodable, Sendable, SceneValueConvertible {
            public var title: String
            public var detail: String
            public var productId: String

            public init(title: String, detail: String, productId: String) {
                self.title = title
                self.detail = detail
                self.productId = productId
            }

            public var sceneValue: SceneValue {
                .record(Record(fields: [("title", title.sceneValue), ("detail", detail.sceneValue), ("productId", productId.sceneValue)]))
            }

            public init?(sceneValue: SceneValue) {
                guard case .record = sceneValue,
                    let title = String(sceneValue: sceneValue["title"]),
                    let detail = String(sceneValue: sceneValue["detail"]),
                    let productId = String(sceneValue: sceneValue["productId"])
                else { return nil }
                self.init(title: title, detail: detail, productId: productId)
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
