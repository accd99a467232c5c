// Ejected from Shop by `scenery eject`: edit it as your own code.

import SceneRuntime

/// The scenes of 'Shop' ejected to Swift. An app's executable registers them before handing
/// over to Scenery's command, and they run in place of their manifests' use cases; `only` registers
/// those named and leaves the rest to their manifests; `views: false` keeps the manifests' views,
/// so only the use cases run in Swift.
public enum ShopScenes {
    /// The scenes this module holds.
    public static let scenes: [String] = ["Cart", "Catalog", "Checkout", "Deals", "Launch", "Login", "Orders", "Product"]

    @MainActor
    public static func register(into registry: SceneRegistry, only names: Set<String>? = nil, views: Bool = true) {
        if names?.contains("Cart") ?? true {
            registry.register(scene: "Cart", CartBuilder.useCases)
            if views { registry.register(view: "Cart", CartView.draw) }
        }
        if names?.contains("Catalog") ?? true {
            registry.register(scene: "Catalog", CatalogBuilder.useCases)
            if views { registry.register(view: "Catalog", CatalogView.draw) }
        }
        if names?.contains("Checkout") ?? true {
            registry.register(scene: "Checkout", CheckoutBuilder.useCases)
            if views { registry.register(view: "Checkout", CheckoutView.draw) }
        }
        if names?.contains("Deals") ?? true {
            registry.register(scene: "Deals", DealsBuilder.useCases)
            if views { registry.register(view: "Deals", DealsView.draw) }
        }
        if names?.contains("Launch") ?? true { registry.register(scene: "Launch", LaunchBuilder.useCases) }
        if names?.contains("Login") ?? true {
            registry.register(scene: "Login", LoginBuilder.useCases)
            if views { registry.register(view: "Login", LoginView.draw) }
        }
        if names?.contains("Orders") ?? true {
            registry.register(scene: "Orders", OrdersBuilder.useCases)
            if views { registry.register(view: "Orders", OrdersView.draw) }
        }
        if names?.contains("Product") ?? true {
            registry.register(scene: "Product", ProductBuilder.useCases)
            if views { registry.register(view: "Product", ProductView.draw) }
        }
    }
}
