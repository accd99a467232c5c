// Ejected from scenes/Launch.json by `scenery eject`: edit it as your own code.

import Foundation
import SceneManifest
import SceneRuntime
import VIP

/// The scene 'Launch' (scenes/Launch.json), ejected: each use case's Request, Response and ViewModel.
public enum Launch {
    /// 'start'.
    public enum Start: DataFlow {
        public struct Request: Decodable, Sendable {
        }
        public typealias Response = Never
        public typealias ViewModel = Never
    }
}
