// Ejected from Shop by `scenery eject`: edit it as your own code.

import SceneRuntime

/// The scenes of 'Shop' ejected to Swift. An app's executable registers them before handing
/// over to Scenery's command, and they run in place of their manifests' use cases.
public enum ShopScenes {
    @MainActor
    public static func register(into registry: SceneRegistry) {
        registry.register(scene: "Cart", CartBuilder.useCases)
        registry.register(scene: "Catalog", CatalogBuilder.useCases)
        registry.register(scene: "Checkout", CheckoutBuilder.useCases)
        registry.register(scene: "Deals", DealsBuilder.useCases)
        registry.register(scene: "Launch", LaunchBuilder.useCases)
        registry.register(scene: "Login", LoginBuilder.useCases)
        registry.register(scene: "Orders", OrdersBuilder.useCases)
        registry.register(scene: "Product", ProductBuilder.useCases)
    }
}
