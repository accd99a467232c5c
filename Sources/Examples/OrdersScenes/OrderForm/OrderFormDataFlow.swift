// Ejected from scenes/OrderForm.json by `scenery eject`: edit it as your own code.

import Foundation
import SceneManifest
import SceneRuntime
import VIP

/// The scene 'OrderForm' (scenes/OrderForm.json), ejected: each use case's Request, Response and ViewModel.
public enum OrderForm {
    /// 'start'.
    public enum Start: DataFlow {
        public struct Request: Decodable, Sendable {
        }
        public typealias Response = Never
        public typealias ViewModel = Never
    }

    /// 'save'.
    public enum Save: DataFlow {
        public typealias Request = Models.Order
        public typealias Response = Never
        public typealias ViewModel = Never
    }
}
