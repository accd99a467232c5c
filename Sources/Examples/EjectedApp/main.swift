// The sample apps with their scenes ejected to Swift: `scenery eject` wrote `ShopScenes`
// and `OrdersScenes` (docs/eject.md), registered here after the Shop's Swift components,
// so the scenes run in place of their manifests' use cases. `EJECTED_SCENES=Login,Cart`
// registers only those, as if they alone had been ejected; `EJECTED_VIEWS=manifest` keeps
// the manifests' views, so only the use cases are Swift.
//
//   swift run ejected test Scenes/Shop
//   swift run ejected test Scenes/Orders
import Foundation
import OrdersScenes
import SceneRuntime
import SceneryCLI
import ShopComponents
import ShopScenes

let only = ProcessInfo.processInfo.environment["EJECTED_SCENES"].map { Set($0.split(separator: ",").map(String.init)) }
let views = ProcessInfo.processInfo.environment["EJECTED_VIEWS"] != "manifest"
let registry = SceneRegistry()
ShopComponents.register(into: registry)
ShopScenes.register(into: registry, only: only, views: views)
OrdersScenes.register(into: registry, only: only, views: views)
await SceneryCommand.main(registry: registry)
