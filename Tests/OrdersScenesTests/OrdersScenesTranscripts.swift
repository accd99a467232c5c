// Made from the transcripts of 'Orders' by `scenery eject --tests`: edit it as your own code.

import Foundation
import OrdersScenes
import SceneRuntime

/// What the tests made from the transcripts of 'Orders' share: where the app is, and its
/// ejected scenes registered in place of their manifests' use cases.
@MainActor
enum OrdersScenesTranscripts {
    /// The app folder, found from this file.
    static let app = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Scenes/Orders").standardized
        .path

    static func registry() -> SceneRegistry {
        let registry = SceneRegistry()
        OrdersScenes.register(into: registry)
        return registry
    }
}
