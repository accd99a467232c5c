// Ejected from scenes/OrderDetails.json by `scenery eject`: edit it as your own code.

import Foundation
import VIP

/// The scene 'OrderDetails' (scenes/OrderDetails.json), ejected: each use case's Request, Response and ViewModel.
public enum OrderDetails {
    /// 'load'.
    public enum Load: DataFlow {
        public struct Request: Decodable, Sendable {
        }
        public struct Response: Encodable, Sendable {
            public var order: Models.Order?

            enum CodingKeys: String, CodingKey {
                case order
            }

            public init(order: Models.Order?) {
                self.order = order
            }

            public func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(order, forKey: .order)
            }
        }
        public struct ViewModel: Encodable, Sendable {
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
