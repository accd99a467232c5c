// Ejected from Shop by `scenery eject`: edit it as your own code.

import Foundation
import SceneManifest
import SceneRuntime

/// The models of 'Shop', as its app.json declares them.
public enum Models {
    /// The model 'CartLine'.
    public struct CartLine: Codable, Sendable, Equatable, SceneFields {
        public var productId: String
        public var name: String
        public var price: Decimal
        public var quantity: Int

        public init(productId: String, name: String, price: Decimal, quantity: Int) {
            self.productId = productId
            self.name = name
            self.price = price
            self.quantity = quantity
        }

        public var sceneValue: SceneValue {
            .record(
                Record(fields: [
                    ("productId", productId.sceneValue), ("name", name.sceneValue), ("price", price.sceneValue),
                    ("quantity", quantity.sceneValue)
                ]))
        }

        public init?(sceneValue: SceneValue) {
            guard case .record = sceneValue,
                let productId = String(sceneValue: sceneValue["productId"]),
                let name = String(sceneValue: sceneValue["name"]),
                let price = Decimal(sceneValue: sceneValue["price"]),
                let quantity = Int(sceneValue: sceneValue["quantity"])
            else { return nil }
            self.init(productId: productId, name: name, price: price, quantity: quantity)
        }

        public func sceneField(_ name: String) -> SceneValue {
            switch name {
            case "productId": self.productId.sceneValue
            case "name": self.name.sceneValue
            case "price": self.price.sceneValue
            case "quantity": self.quantity.sceneValue
            default: .null
            }
        }
    }

    /// The model 'Deal'.
    public struct Deal: Codable, Sendable, Equatable, SceneFields {
        public var title: String
        public var discount: Decimal

        public init(title: String, discount: Decimal) {
            self.title = title
            self.discount = discount
        }

        public var sceneValue: SceneValue { .record(Record(fields: [("title", title.sceneValue), ("discount", discount.sceneValue)])) }

        public init?(sceneValue: SceneValue) {
            guard case .record = sceneValue,
                let title = String(sceneValue: sceneValue["title"]),
                let discount = Decimal(sceneValue: sceneValue["discount"])
            else { return nil }
            self.init(title: title, discount: discount)
        }

        public func sceneField(_ name: String) -> SceneValue {
            switch name {
            case "title": self.title.sceneValue
            case "discount": self.discount.sceneValue
            default: .null
            }
        }
    }

    /// The model 'Order'.
    public struct Order: Codable, Sendable, Equatable, SceneFields {
        public var id: String
        public var total: Decimal
        public var items: Int
        public var phone: String

        public init(id: String, total: Decimal, items: Int, phone: String) {
            self.id = id
            self.total = total
            self.items = items
            self.phone = phone
        }

        public var sceneValue: SceneValue {
            .record(
                Record(fields: [
                    ("id", id.sceneValue), ("total", total.sceneValue), ("items", items.sceneValue), ("phone", phone.sceneValue)
                ]))
        }

        public init?(sceneValue: SceneValue) {
            guard case .record = sceneValue,
                let id = String(sceneValue: sceneValue["id"]),
                let total = Decimal(sceneValue: sceneValue["total"]),
                let items = Int(sceneValue: sceneValue["items"]),
                let phone = String(sceneValue: sceneValue["phone"])
            else { return nil }
            self.init(id: id, total: total, items: items, phone: phone)
        }

        public func sceneField(_ name: String) -> SceneValue {
            switch name {
            case "id": self.id.sceneValue
            case "total": self.total.sceneValue
            case "items": self.items.sceneValue
            case "phone": self.phone.sceneValue
            default: .null
            }
        }
    }

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

    /// The model 'draft CartLine'.
    public struct DraftCartLine: Codable, Sendable, Equatable, SceneFields {
        public var productId: String?
        public var name: String?
        public var price: Decimal?
        public var quantity: Int?

        enum CodingKeys: String, CodingKey {
            case productId
            case name
            case price
            case quantity
        }

        public init(productId: String?, name: String?, price: Decimal?, quantity: Int?) {
            self.productId = productId
            self.name = name
            self.price = price
            self.quantity = quantity
        }

        public var sceneValue: SceneValue {
            .record(
                Record(fields: [
                    ("productId", productId.sceneValue), ("name", name.sceneValue), ("price", price.sceneValue),
                    ("quantity", quantity.sceneValue)
                ]))
        }

        public init?(sceneValue: SceneValue) {
            guard case .record = sceneValue,
                let productId = String?(sceneValue: sceneValue["productId"]),
                let name = String?(sceneValue: sceneValue["name"]),
                let price = Decimal?(sceneValue: sceneValue["price"]),
                let quantity = Int?(sceneValue: sceneValue["quantity"])
            else { return nil }
            self.init(productId: productId, name: name, price: price, quantity: quantity)
        }

        public func sceneField(_ name: String) -> SceneValue {
            switch name {
            case "productId": self.productId.sceneValue
            case "name": self.name.sceneValue
            case "price": self.price.sceneValue
            case "quantity": self.quantity.sceneValue
            default: .null
            }
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(productId, forKey: .productId)
            try container.encode(name, forKey: .name)
            try container.encode(price, forKey: .price)
            try container.encode(quantity, forKey: .quantity)
        }
    }

    /// The model 'draft Deal'.
    public struct DraftDeal: Codable, Sendable, Equatable, SceneFields {
        public var title: String?
        public var discount: Decimal?

        enum CodingKeys: String, CodingKey {
            case title
            case discount
        }

        public init(title: String?, discount: Decimal?) {
            self.title = title
            self.discount = discount
        }

        public var sceneValue: SceneValue { .record(Record(fields: [("title", title.sceneValue), ("discount", discount.sceneValue)])) }

        public init?(sceneValue: SceneValue) {
            guard case .record = sceneValue,
                let title = String?(sceneValue: sceneValue["title"]),
                let discount = Decimal?(sceneValue: sceneValue["discount"])
            else { return nil }
            self.init(title: title, discount: discount)
        }

        public func sceneField(_ name: String) -> SceneValue {
            switch name {
            case "title": self.title.sceneValue
            case "discount": self.discount.sceneValue
            default: .null
            }
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(title, forKey: .title)
            try container.encode(discount, forKey: .discount)
        }
    }

    /// The model 'draft Order'.
    public struct DraftOrder: Codable, Sendable, Equatable, SceneFields {
        public var id: String?
        public var total: Decimal?
        public var items: Int?
        public var phone: String?

        enum CodingKeys: String, CodingKey {
            case id
            case total
            case items
            case phone
        }

        public init(id: String?, total: Decimal?, items: Int?, phone: String?) {
            self.id = id
            self.total = total
            self.items = items
            self.phone = phone
        }

        public var sceneValue: SceneValue {
            .record(
                Record(fields: [
                    ("id", id.sceneValue), ("total", total.sceneValue), ("items", items.sceneValue), ("phone", phone.sceneValue)
                ]))
        }

        public init?(sceneValue: SceneValue) {
            guard case .record = sceneValue,
                let id = String?(sceneValue: sceneValue["id"]),
                let total = Decimal?(sceneValue: sceneValue["total"]),
                let items = Int?(sceneValue: sceneValue["items"]),
                let phone = String?(sceneValue: sceneValue["phone"])
            else { return nil }
            self.init(id: id, total: total, items: items, phone: phone)
        }

        public func sceneField(_ name: String) -> SceneValue {
            switch name {
            case "id": self.id.sceneValue
            case "total": self.total.sceneValue
            case "items": self.items.sceneValue
            case "phone": self.phone.sceneValue
            default: .null
            }
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(total, forKey: .total)
            try container.encode(items, forKey: .items)
            try container.encode(phone, forKey: .phone)
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
