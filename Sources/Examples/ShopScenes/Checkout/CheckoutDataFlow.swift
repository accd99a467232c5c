// Ejected from scenes/Checkout.json by `scenery eject`: edit it as your own code.

import Foundation
import SceneManifest
import SceneRuntime
import VIP

/// The scene 'Checkout' (scenes/Checkout.json), ejected: each use case's Request, Response and ViewModel.
public enum Checkout {
    /// 'phone'.
    public enum Phone: DataFlow {
        public struct Request: Decodable, Sendable {
            public var number: String

            public init(number: String) {
                self.number = number
            }
        }
        public typealias Response = Never
        public typealias ViewModel = Never
    }

    /// 'pay'.
    public enum Pay: DataFlow {
        public struct Request: Decodable, Sendable {
        }
        public typealias Response = Never
        public typealias ViewModel = Never
    }
}
