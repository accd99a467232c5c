// Ejected from scenes/Login.json by `scenery eject`: edit it as your own code.

import Foundation
import SceneManifest
import SceneRuntime
import VIP

/// The scene 'Login' (scenes/Login.json), ejected: each use case's Request, Response and ViewModel.
public enum Login {
    /// 'email'.
    public enum Email: DataFlow {
        public struct Request: Decodable, Sendable {
            public var text: String

            public init(text: String) {
                self.text = text
            }
        }
        public typealias Response = Never
        public typealias ViewModel = Never
    }

    /// 'login'.
    public enum Login: DataFlow {
        public struct Request: Decodable, Sendable {
        }
        public typealias Response = Never
        public typealias ViewModel = Never
    }
}
