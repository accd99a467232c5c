// Ejected from Bench by `scenery eject`: edit it as your own code.

import Foundation
import SceneManifest
import SceneRuntime

/// The models of 'Bench', as its app.json declares them.
public enum Models {
    /// The model 'Product'.
    public struct Product: Codable, Sendable, Equatable, SceneFields {
        public var id: String
        public var name: String
        public var price: Decimal
        public var category: String
        public var tags: [String]

        public init(id: String, name: String, price: Decimal, category: String, tags: [String]) {
            self.id = id
            self.name = name
            self.price = price
            self.category = category
            self.tags = tags
        }

        public var sceneValue: SceneValue {
            .record(
                Record(fields: [
                    ("id", id.sceneValue), ("name", name.sceneValue), ("price", price.sceneValue), ("category", category.sceneValue),
                    ("tags", tags.sceneValue)
                ]))
        }

        public init?(sceneValue: SceneValue) {
            guard case .record = sceneValue,
                let id = String(sceneValue: sceneValue["id"]),
                let name = String(sceneValue: sceneValue["name"]),
                let price = Decimal(sceneValue: sceneValue["price"]),
                let category = String(sceneValue: sceneValue["category"]),
                let tags = [String](sceneValue: sceneValue["tags"])
            else { return nil }
            self.init(id: id, name: name, price: price, category: category, tags: tags)
        }

        public func sceneField(_ name: String) -> SceneValue {
            switch name {
            case "id": self.id.sceneValue
            case "name": self.name.sceneValue
            case "price": self.price.sceneValue
            case "category": self.category.sceneValue
            case "tags": self.tags.sceneValue
            default: .null
            }
        }
    }

    /// The model 'draft Product'.
    public struct DraftProduct: Codable, Sendable, Equatable, SceneFields {
        public var id: String?
        public var name: String?
        public var price: Decimal?
        public var category: String?
        public var tags: [String]?

        enum CodingKeys: String, CodingKey {
            case id
            case name
            case price
            case category
            case tags
        }

        public init(id: String?, name: String?, price: Decimal?, category: String?, tags: [String]?) {
            self.id = id
            self.name = name
            self.price = price
            self.category = category
            self.tags = tags
        }

        public var sceneValue: SceneValue {
            .record(
                Record(fields: [
                    ("id", id.sceneValue), ("name", name.sceneValue), ("price", price.sceneValue), ("category", category.sceneValue),
                    ("tags", tags.sceneValue)
                ]))
        }

        public init?(sceneValue: SceneValue) {
            guard case .record = sceneValue,
                let id = String?(sceneValue: sceneValue["id"]),
                let name = String?(sceneValue: sceneValue["name"]),
                let price = Decimal?(sceneValue: sceneValue["price"]),
                let category = String?(sceneValue: sceneValue["category"]),
                let tags = [String]?(sceneValue: sceneValue["tags"])
            else { return nil }
            self.init(id: id, name: name, price: price, category: category, tags: tags)
        }

        public func sceneField(_ name: String) -> SceneValue {
            switch name {
            case "id": self.id.sceneValue
            case "name": self.name.sceneValue
            case "price": self.price.sceneValue
            case "category": self.category.sceneValue
            case "tags": self.tags.sceneValue
            default: .null
            }
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(name, forKey: .name)
            try container.encode(price, forKey: .price)
            try container.encode(category, forKey: .category)
            try container.encode(tags, forKey: .tags)
        }
    }
}
