// Ejected from scenes/Product.json by `scenery eject`: edit it as your own code.

import Foundation
import SceneManifest
import SceneRuntime
import VIP

/// The scene 'Product' (scenes/Product.json), ejected: each use case's Request, Response and ViewModel.
public enum Product {
    /// 'load'.
    public enum Load: DataFlow {
        public struct Request: Decodable, Sendable {
        }
        public struct Response: Encodable, Sendable, SceneValueConvertible {
            public var product: Models.Product?

            enum CodingKeys: String, CodingKey {
                case product
            }

            public init(product: Models.Product?) {
                self.product = product
            }

            public var sceneValue: SceneValue { .record(Record(fields: [("product", product.sceneValue)])) }

            public init?(sceneValue: SceneValue) {
                guard case .record = sceneValue,
                    let product = Models.Product?(sceneValue: sceneValue["product"])
                else { return nil }
                self.init(product: product)
            }

            public func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(product, forKey: .product)
            }
        }
        public struct ViewModel: Encodable, Sendable, SceneValueConvertible {
            public var title: String?
            public var price: String
            public var tags: String
            public var notice: String?

            enum CodingKeys: String, CodingKey {
                case title
                case price
                case tags
                case notice
            }

            public init(title: String?, price: String, tags: String, notice: String?) {
                self.title = title
                self.price = price
                self.tags = tags
                self.notice = notice
            }

            public var sceneValue: SceneValue {
                .record(
                    Record(fields: [
                        ("title", title.sceneValue), ("price", price.sceneValue), ("tags", tags.sceneValue), ("notice", notice.sceneValue)
                    ]))
            }

            public init?(sceneValue: SceneValue) {
                guard case .record = sceneValue,
                    let title = String?(sceneValue: sceneValue["title"]),
                    let price = String(sceneValue: sceneValue["price"]),
                    let tags = String(sceneValue: sceneValue["tags"]),
                    let notice = String?(sceneValue: sceneValue["notice"])
                else { return nil }
                self.init(title: title, price: price, tags: tags, notice: notice)
            }

            public func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(title, forKey: .title)
                try container.encode(price, forKey: .price)
                try container.encode(tags, forKey: .tags)
                try container.encode(notice, forKey: .notice)
            }
        }
    }

    /// 'add'.
    public enum Add: DataFlow {
        public struct Request: Decodable, Sendable {
        }
        public struct Response: Encodable, Sendable, SceneValueConvertible {
            public var name: String?

            enum CodingKeys: String, CodingKey {
                case name
            }

            public init(name: String?) {
                self.name = name
            }

            public var sceneValue: SceneValue { .record(Record(fields: [("name", name.sceneValue)])) }

            public init?(sceneValue: SceneValue) {
                guard case .record = sceneValue,
                    let name = String?(sceneValue: sceneValue["name"])
                else { return nil }
                self.init(name: name)
            }

            public func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(name, forKey: .name)
            }
        }
        public struct ViewModel: Encodable, Sendable, SceneValueConvertible {
            public var notice: String

            public init(notice: String) {
                self.notice = notice
            }

            public var sceneValue: SceneValue { .record(Record(fields: [("notice", notice.sceneValue)])) }

            public init?(sceneValue: SceneValue) {
                guard case .record = sceneValue,
                    let notice = String(sceneValue: sceneValue["notice"])
                else { return nil }
                self.init(notice: notice)
            }
        }
    }
}
