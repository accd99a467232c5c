import SceneRuntime
import ShopComponents

/// The Shop's own Swift components (the Rewards scene's use cases, its workers and
/// formatters), registered as the `ejected` executable registers them, for the tests
/// `scenery eject --tests` made from the Shop's transcripts.
@MainActor
func registerComponents(_ registry: SceneRegistry) {
    ShopComponents.register(into: registry)
}
