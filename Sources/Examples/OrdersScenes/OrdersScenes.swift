// Ejected from Orders by `scenery eject`: edit it as your own code.

import SceneRuntime

/// The scenes of 'Orders' ejected to Swift. An app's executable registers them before handing
/// over to Scenery's command, and they run in place of their manifests' use cases; `only` registers
/// those named and leaves the rest to their manifests; `views: false` keeps the manifests' views,
/// so only the use cases run in Swift.
public enum OrdersScenes {
    /// The scenes this module holds.
    public static let scenes: [String] = ["OrderDetails", "OrderForm", "OrderList"]

    @MainActor
    public static func register(into registry: SceneRegistry, only names: Set<String>? = nil, views: Bool = true) {
        if names?.contains("OrderDetails") ?? true {
            registry.register(scene: "OrderDetails", OrderDetailsAssembler.useCases)
            if views { registry.register(view: "OrderDetails", OrderDetailsView.draw) }
        }
        if names?.contains("OrderForm") ?? true {
            registry.register(scene: "OrderForm", OrderFormAssembler.useCases)
            if views { registry.register(view: "OrderForm", OrderFormView.draw) }
        }
        if names?.contains("OrderList") ?? true {
            registry.register(scene: "OrderList", OrderListAssembler.useCases)
            if views { registry.register(view: "OrderList", OrderListView.draw) }
        }
    }
}
