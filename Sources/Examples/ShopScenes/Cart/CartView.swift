// Ejected from scenes/Cart.json by `scenery eject`: edit it as your own code.

import Foundation
import SceneRuntime

/// The view of 'Cart' (scenes/Cart.json), ejected: each frame's components, drawn in place of the manifest's
/// view, as it shows them.
enum CartView {
    @MainActor
    static func draw(_ scene: SceneContext, into view: inout SceneLines) {
        view.header { try SceneFunctions.call("t", "cart.title", format: scene.format) as String }
        if view.holds({
            let lastOrder = try scene.value("state.lastOrder", as: String?.self)
            return lastOrder != nil
        }) {
            view.text {
                let lastOrder = try scene.value("state.lastOrder", as: String?.self)
                return try SceneFunctions.call("t", "cart.placed", lastOrder, format: scene.format) as String
            }
        }
        view.list(
            items: { try scene.value("vm.rows", as: [Cart.Load.RowsRow]?.self) },
            empty: { try SceneFunctions.call("t", "cart.empty", format: scene.format) as String }, action: "remove")
        view.divider()
        view.text {
            let total = try scene.value("vm.total", as: String?.self)
            return SceneFunctions.text(total)
        }
        view.button(
            title: { try SceneFunctions.call("t", "cart.checkout", format: scene.format) as String }, action: "checkout",
            enabled: {
                let cart = try scene.value("shared.cart", as: [Models.CartLine].self)
                let count = try SceneFunctions.call("count", cart, format: scene.format) as Int
                return count > 0
            })
        view.button(title: { try SceneFunctions.call("t", "cart.rewards", format: scene.format) as String }, action: "rewards")
        view.button(title: { try SceneFunctions.call("t", "common.back", format: scene.format) as String }, action: "back")
        view.errors()
    }
}
