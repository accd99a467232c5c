// The Shop sample with scenes ejected to Swift: `scenery eject Scenes/Shop Launch Login Deals
// Orders --output Sources/Examples` wrote `ShopScenes`, registered here after the Shop's
// Swift components, so its scenes run in place of their manifests' use cases.
//
//   swift run shop-ejected test Scenes/Shop
import SceneRuntime
import SceneryCLI
import ShopComponents
import ShopScenes

let registry = SceneRegistry()
ShopComponents.register(into: registry)
ShopScenes.register(into: registry)
await SceneryCommand.main(registry: registry)
