// Ejected from scenes/OrderDetails.json by `scenery eject`: edit it as your own code.

import Foundation
import SceneManifest
import SceneRuntime
import VIP

/// The scene 'OrderDetails' (scenes/OrderDetails.json), ejected: each use case's Request, Response and ViewModel.
public enum OrderDetails {
    /// 'load'.
    public enum Load: DataFlow {
        public struct Request: Decodable, Sendable {
        }
        public struct Response: Encodable, Sendable, SceneValueConvertible {
            public var order: Models.Order?

            enum CodingKeys: String, CodingKey {
                case order
            }

            public init(order: Models.Order?) {
                self.order = order
            }

            public var sceneValue: SceneValue { .record(Record(fields: [("order", order.sceneValue)])) }

            public init?(sceneValue: SceneValue) {
                guard case .record = sceneValue,
                    let order = Models.Order?(sceneValue: sceneValue["order"])
                else { return nil }
                self.init(order: order)
            }

            public func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(order, forKey: .order)
            }
        }
        public struct ViewModel: Encodable, Sendable, SceneValueConvertible {
            public var name: String
            public var contact: String
            public var address: String
            public var delivery: String
            public var payment: String
            public var placed: String
            public var note: String?

            enum CodingKeys: String, CodingKey {
                case name
                case contact
                case address
                case delivery
                case payment
                case placed
                case note
            }

            public init(name: String, contact: String, address: String, delivery: String, payment: String, placed: String, note: String?) {
                self.name = name
                self.contact = contact
                self.address = address
                self.delivery = delivery
                self.payment = payment
                self.placed = placed
                self.note = note
            }

            public var sceneValue: SceneValue {
                .record(
                    Record(fields: [
                        ("name", name.sceneValue), ("contact", contact.sceneValue), ("address", address.sceneValue),
                        ("delivery", delivery.sceneValue), ("payment", payment.sceneValue), ("placed", placed.sceneValue),
                        ("note", note.sceneValue)
                    ]))
            }

            public init?(sceneValue: SceneValue) {
                guard case .record = sceneValue,
                    let name = String(sceneValue: sceneValue["name"]),
                    let contact = String(sceneValue: sceneValue["contact"]),
                    let address = String(sceneValue: sceneValue["address"]),
                    let delivery = String(sceneValue: sceneValue["delivery"]),
                    let payment = String(sceneValue: sceneValue["payment"]),
                    let placed = String(sceneValue: sceneValue["placed"]),
                    let note = String?(sceneValue: sceneValue["note"])
                else { return nil }
                self.init(name: name, contact: contact, address: address, delivery: delivery, payment: payment, placed: placed, note: note)
            }

            public func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(name, forKey: .name)
                try container.encode(contact, forKey: .contact)
                try container.encode(address, forKey: .address)
                try container.encode(delivery, forKey: .delivery)
                try container.encode(payment, forKey: .payment)
                try container.encode(placed, forKey: .placed)
                try container.encode(note, forKey: .note)
            }
        }
    }

    /// 'delete'.
    public enum Delete: DataFlow {
        public struct Request: Decodable, Sendable {
        }
        public typealias Response = Never
        public typealias ViewModel = Never
    }
}
