// Made from the transcripts of 'Shop' by `scenery eject --tests`: edit it as your own code.

import Foundation
import SceneRuntime
import ShopScenes

/// What the tests made from the transcripts of 'Shop' share: where the app is, and its
/// ejected scenes registered in place of their manifests' use cases.
@MainActor
enum ShopScenesTranscripts {
    /// The app folder, found from this file.
    static let app = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Scenes/Shop").standardized
        .path

    static func registry() -> SceneRegistry {
        let registry = SceneRegistry()
        // The app's own Swift components, as its executable registers them: a function of yours.
        registerComponents(registry)
        ShopScenes.register(into: registry)
        return registry
    }
}
