// The Shop sample's own executable: registers its Swift components, then hands over to
// the same command entry point as `scenery`, so it has every subcommand.
//
//   swift run shop run Scenes/Shop
import SceneRuntime
import SceneryCLI
import ShopComponents

let registry = SceneRegistry()
ShopComponents.register(into: registry)
ShopComponents.registerScenes(into: registry)
await SceneryCommand.main(registry: registry)
