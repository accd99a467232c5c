// Ejected from Bench by `scenery eject`: edit it as your own code.

import SceneRuntime

/// The scenes of 'Bench' ejected to Swift. An app's executable registers them before handing
/// over to Scenery's command, and they run in place of their manifests' use cases; `only` registers
/// those named and leaves the rest to their manifests; `views: false` keeps the manifests' views,
/// so only the use cases run in Swift.
public enum BenchScenes {
    /// The scenes this module holds.
    public static let scenes: [String] = ["Catalog"]

    @MainActor
    public static func register(into registry: SceneRegistry, only names: Set<String>? = nil, views: Bool = true) {
        if names?.contains("Catalog") ?? true {
            registry.register(scene: "Catalog", CatalogBuilder.useCases)
            if views { registry.register(view: "Catalog", CatalogView.draw) }
        }
    }
}
