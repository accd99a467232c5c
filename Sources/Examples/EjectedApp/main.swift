// The sample apps with their scenes ejected to Swift: `scenery eject` wrote `ShopScenes`
// and `OrdersScenes` (docs/eject.md), registered here after the Shop's Swift components,
// so the scenes run in place of their manifests' use cases.
//
//   swift run ejected test Scenes/Shop
//   swift run ejected test Scenes/Orders
import OrdersScenes
import SceneRuntime
import SceneryCLI
import ShopComponents
import ShopScenes

let registry = SceneRegistry()
ShopComponents.register(into: registry)
ShopScenes.register(into: registry)
OrdersScenes.register(into: registry)
await SceneryCommand.main(registry: registry)
