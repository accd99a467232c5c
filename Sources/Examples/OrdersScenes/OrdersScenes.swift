// Ejected from Orders by `scenery eject`: edit it as your own code.

import SceneRuntime

/// The scenes of 'Orders' ejected to Swift. An app's executable registers them before handing
/// over to Scenery's command, and they run in place of their manifests' use cases.
public enum OrdersScenes {
    @MainActor
    public static func register(into registry: SceneRegistry) {
        registry.register(scene: "OrderDetails", OrderDetailsBuilder.useCases)
        registry.register(scene: "OrderForm", OrderFormBuilder.useCases)
        registry.register(scene: "OrderList", OrderListBuilder.useCases)
    }
}
