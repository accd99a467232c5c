// Ejected from Orders by `scenery eject`: edit it as your own code.

import Foundation
import SceneRuntime

/// The models of 'Orders', as its app.json declares them.
public enum Models {
    /// The model 'Order'.
    public struct Order: Codable, Sendable, Equatable, SceneValueConvertible {
        public var id: String
        public var createdAt: String
        public var firstName: String
        public var lastName: String
        public var email: String
        public var phone: String
        public var street: String
        public var city: String
        public var zip: String
        public var shipping: String
        public var deliverBy: String
        public var quantity: Int
        public var total: Decimal
        public var card: String
        public var gift: Bool
        public var note: String?

        enum CodingKeys: String, CodingKey {
            case id
            case createdAt
            case firstName
            case lastName
            case email
            case phone
            case street
            case city
            case zip
            case shipping
            case deliverBy
            case quantity
            case total
            case card
            case gift
            case note
        }

        public init(
            id: String, createdAt: String, firstName: String, lastName: String, email: String, phone: String, street: String, city: String,
            zip: String, shipping: String, deliverBy: String, quantity: Int, total: Decimal, card: String, gift: Bool, note: String?
        ) {
            self.id = id
            self.createdAt = createdAt
            self.firstName = firstName
            self.lastName = lastName
            self.email = email
            self.phone = phone
            self.street = street
            self.city = city
            self.zip = zip
            self.shipping = shipping
            self.deliverBy = deliverBy
            self.quantity = quantity
            self.total = total
            self.card = card
            self.gift = gift
            self.note = note
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(createdAt, forKey: .createdAt)
            try container.encode(firstName, forKey: .firstName)
            try container.encode(lastName, forKey: .lastName)
            try container.encode(email, forKey: .email)
            try container.encode(phone, forKey: .phone)
            try container.encode(street, forKey: .street)
            try container.encode(city, forKey: .city)
            try container.encode(zip, forKey: .zip)
            try container.encode(shipping, forKey: .shipping)
            try container.encode(deliverBy, forKey: .deliverBy)
            try container.encode(quantity, forKey: .quantity)
            try container.encode(total, forKey: .total)
            try container.encode(card, forKey: .card)
            try container.encode(gift, forKey: .gift)
            try container.encode(note, forKey: .note)
        }
    }

    /// The model 'draft Order'.
    public struct DraftOrder: Codable, Sendable, Equatable, SceneValueConvertible {
        public var id: String?
        public var createdAt: String?
        public var firstName: String?
        public var lastName: String?
        public var email: String?
        public var phone: String?
        public var street: String?
        public var city: String?
        public var zip: String?
        public var shipping: String?
        public var deliverBy: String?
        public var quantity: Int?
        public var total: Decimal?
        public var card: String?
        public var gift: Bool?
        public var note: String?

        enum CodingKeys: String, CodingKey {
            case id
            case createdAt
            case firstName
            case lastName
            case email
            case phone
            case street
            case city
            case zip
            case shipping
            case deliverBy
            case quantity
            case total
            case card
            case gift
            case note
        }

        public init(
            id: String?, createdAt: String?, firstName: String?, lastName: String?, email: String?, phone: String?, street: String?,
            city: String?, zip: String?, shipping: String?, deliverBy: String?, quantity: Int?, total: Decimal?, card: String?, gift: Bool?,
            note: String?
        ) {
            self.id = id
            self.createdAt = createdAt
            self.firstName = firstName
            self.lastName = lastName
            self.email = email
            self.phone = phone
            self.street = street
            self.city = city
            self.zip = zip
            self.shipping = shipping
            self.deliverBy = deliverBy
            self.quantity = quantity
            self.total = total
            self.card = card
            self.gift = gift
            self.note = note
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(createdAt, forKey: .createdAt)
            try container.encode(firstName, forKey: .firstName)
            try container.encode(lastName, forKey: .lastName)
            try container.encode(email, forKey: .email)
            try container.encode(phone, forKey: .phone)
            try container.encode(street, forKey: .street)
            try container.encode(city, forKey: .city)
            try container.encode(zip, forKey: .zip)
            try container.encode(shipping, forKey: .shipping)
            try container.encode(deliverBy, forKey: .deliverBy)
            try container.encode(quantity, forKey: .quantity)
            try container.encode(total, forKey: .total)
            try container.encode(card, forKey: .card)
            try container.encode(gift, forKey: .gift)
            try container.encode(note, forKey: .note)
        }
    }
}
