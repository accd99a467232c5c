// Ejected from Orders by `scenery eject`: edit it as your own code.

import Foundation
import SceneManifest
import SceneRuntime

/// The models of 'Orders', as its app.json declares them.
public enum Models {
    /// The model 'Order'.
    public struct Order: Codable, Sendable, Equatable, SceneFields {
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

        public var sceneValue: SceneValue {
            .record(
                Record(fields: [
                    ("id", id.sceneValue), ("createdAt", createdAt.sceneValue), ("firstName", firstName.sceneValue),
                    ("lastName", lastName.sceneValue), ("email", email.sceneValue), ("phone", phone.sceneValue),
                    ("street", street.sceneValue), ("city", city.sceneValue), ("zip", zip.sceneValue), ("shipping", shipping.sceneValue),
                    ("deliverBy", deliverBy.sceneValue), ("quantity", quantity.sceneValue), ("total", total.sceneValue),
                    ("card", card.sceneValue), ("gift", gift.sceneValue), ("note", note.sceneValue)
                ]))
        }

        public init?(sceneValue: SceneValue) {
            guard case .record = sceneValue,
                let id = String(sceneValue: sceneValue["id"]),
                let createdAt = String(sceneValue: sceneValue["createdAt"]),
                let firstName = String(sceneValue: sceneValue["firstName"]),
                let lastName = String(sceneValue: sceneValue["lastName"]),
                let email = String(sceneValue: sceneValue["email"]),
                let phone = String(sceneValue: sceneValue["phone"]),
                let street = String(sceneValue: sceneValue["street"]),
                let city = String(sceneValue: sceneValue["city"]),
                let zip = String(sceneValue: sceneValue["zip"]),
                let shipping = String(sceneValue: sceneValue["shipping"]),
                let deliverBy = String(sceneValue: sceneValue["deliverBy"]),
                let quantity = Int(sceneValue: sceneValue["quantity"]),
                let total = Decimal(sceneValue: sceneValue["total"]),
                let card = String(sceneValue: sceneValue["card"]),
                let gift = Bool(sceneValue: sceneValue["gift"]),
                let note = String?(sceneValue: sceneValue["note"])
            else { return nil }
            self.init(
                id: id, createdAt: createdAt, firstName: firstName, lastName: lastName, email: email, phone: phone, street: street,
                city: city, zip: zip, shipping: shipping, deliverBy: deliverBy, quantity: quantity, total: total, card: card, gift: gift,
                note: note)
        }

        public func sceneField(_ name: String) -> SceneValue {
            switch name {
            case "id": self.id.sceneValue
            case "createdAt": self.createdAt.sceneValue
            case "firstName": self.firstName.sceneValue
            case "lastName": self.lastName.sceneValue
            case "email": self.email.sceneValue
            case "phone": self.phone.sceneValue
            case "street": self.street.sceneValue
            case "city": self.city.sceneValue
            case "zip": self.zip.sceneValue
            case "shipping": self.shipping.sceneValue
            case "deliverBy": self.deliverBy.sceneValue
            case "quantity": self.quantity.sceneValue
            case "total": self.total.sceneValue
            case "card": self.card.sceneValue
            case "gift": self.gift.sceneValue
            case "note": self.note.sceneValue
            default: .null
            }
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
    public struct DraftOrder: Codable, Sendable, Equatable, SceneFields {
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

        public var sceneValue: SceneValue {
            .record(
                Record(fields: [
                    ("id", id.sceneValue), ("createdAt", createdAt.sceneValue), ("firstName", firstName.sceneValue),
                    ("lastName", lastName.sceneValue), ("email", email.sceneValue), ("phone", phone.sceneValue),
                    ("street", street.sceneValue), ("city", city.sceneValue), ("zip", zip.sceneValue), ("shipping", shipping.sceneValue),
                    ("deliverBy", deliverBy.sceneValue), ("quantity", quantity.sceneValue), ("total", total.sceneValue),
                    ("card", card.sceneValue), ("gift", gift.sceneValue), ("note", note.sceneValue)
                ]))
        }

        public init?(sceneValue: SceneValue) {
            guard case .record = sceneValue,
                let id = String?(sceneValue: sceneValue["id"]),
                let createdAt = String?(sceneValue: sceneValue["createdAt"]),
                let firstName = String?(sceneValue: sceneValue["firstName"]),
                let lastName = String?(sceneValue: sceneValue["lastName"]),
                let email = String?(sceneValue: sceneValue["email"]),
                let phone = String?(sceneValue: sceneValue["phone"]),
                let street = String?(sceneValue: sceneValue["street"]),
                let city = String?(sceneValue: sceneValue["city"]),
                let zip = String?(sceneValue: sceneValue["zip"]),
                let shipping = String?(sceneValue: sceneValue["shipping"]),
                let deliverBy = String?(sceneValue: sceneValue["deliverBy"]),
                let quantity = Int?(sceneValue: sceneValue["quantity"]),
                let total = Decimal?(sceneValue: sceneValue["total"]),
                let card = String?(sceneValue: sceneValue["card"]),
                let gift = Bool?(sceneValue: sceneValue["gift"]),
                let note = String?(sceneValue: sceneValue["note"])
            else { return nil }
            self.init(
                id: id, createdAt: createdAt, firstName: firstName, lastName: lastName, email: email, phone: phone, street: street,
                city: city, zip: zip, shipping: shipping, deliverBy: deliverBy, quantity: quantity, total: total, card: card, gift: gift,
                note: note)
        }

        public func sceneField(_ name: String) -> SceneValue {
            switch name {
            case "id": self.id.sceneValue
            case "createdAt": self.createdAt.sceneValue
            case "firstName": self.firstName.sceneValue
            case "lastName": self.lastName.sceneValue
            case "email": self.email.sceneValue
            case "phone": self.phone.sceneValue
            case "street": self.street.sceneValue
            case "city": self.city.sceneValue
            case "zip": self.zip.sceneValue
            case "shipping": self.shipping.sceneValue
            case "deliverBy": self.deliverBy.sceneValue
            case "quantity": self.quantity.sceneValue
            case "total": self.total.sceneValue
            case "card": self.card.sceneValue
            case "gift": self.gift.sceneValue
            case "note": self.note.sceneValue
            default: .null
            }
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
