// Ejected from scenes/Product.json by `scenery eject`: edit it as your own code.

import Foundation
import VIP

/// The scene 'Product' (scenes/Product.json), ejected: each use case's Request, Response and ViewModel.
public enum Product {
    /// 'load'.
    public enum Load: DataFlow {
        public struct Request: Decodable, Sendable {
        }
        public struct Response: Encodable, Sendable {
            public var product: Models.Product?

            enum CodingKeys: String, CodingKey {
                case product
            }

            public init(product: Models.Product?) {
                self.product = product
            }

            public func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(product, forKey: .product)
            }
        }
        public struct ViewModel: Encodable, Sendable {
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
        public struct Response: Encodable, Sendable {
            public var name: String?

            enum CodingKeys: String, CodingKey {
                case name
            }

            public init(name: String?) {
                self.name = name
            }

            public func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(name, forKey: .name)
            }
        }
        public struct ViewModel: Encodable, Sendable {
            public var notice: String

            public init(notice: String) {
                self.notice = notice
            }
        }
    }
}
