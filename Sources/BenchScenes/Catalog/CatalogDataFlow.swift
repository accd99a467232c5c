// Ejected from scenes/Catalog.json by `scenery eject`: edit it as your own code.

import Foundation
import SceneManifest
import SceneRuntime
import VIP

/// The scene 'Catalog' (scenes/Catalog.json), ejected: each use case's Request, Response and ViewModel.
public enum Catalog {
    /// 'load'.
    public enum Load: DataFlow {
        public struct Request: Decodable, Sendable {
            public var query: String?

            public init(query: String?) {
                self.query = query
            }
        }
        public struct Response: Encodable, Sendable, SceneValueConvertible {
            public var products: [Models.Product]

            public init(products: [Models.Product]) {
                self.products = products
            }

            public var sceneValue: SceneValue { .record(Record(fields: [("products", products.sceneValue)])) }

            public init?(sceneValue: SceneValue) {
                guard case .record = sceneValue,
                    let products = [Models.Product](sceneValue: sceneValue["products"])
                else { return nil }
                self.init(products: products)
            }
        }
        public struct ViewModel: Encodable, Sendable, SceneValueConvertible {
            public var rows: [RowsRow]

            public init(rows: [RowsRow]) {
                self.rows = rows
            }

            public var sceneValue: SceneValue { .record(Record(fields: [("rows", rows.sceneValue)])) }

            public init?(sceneValue: SceneValue) {
                guard case .record = sceneValue,
                    let rows = [RowsRow](sceneValue: sceneValue["rows"])
                else { return nil }
                self.init(rows: rows)
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
