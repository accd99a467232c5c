// Ejected from scenes/Product.json by `scenery eject`: edit it as your own code.

import Foundation
import SceneRuntime

/// The view of 'Product' (scenes/Product.json), ejected: each frame's components, drawn in place of the manifest's
/// view, as it shows them.
enum ProductView {
    @MainActor
    static func draw(_ scene: SceneContext, into view: inout SceneLines) {
        view.header {
            let title = try scene.value("vm.title", as: String?.self)
            return SceneFunctions.text(title)
        }
        view.text {
            let price = try scene.value("vm.price", as: String?.self)
            return SceneFunctions.text(price)
        }
        if view.holds({
            let tags = try scene.value("vm.tags", as: String?.self)
            let count = try SceneFunctions.call("count", tags, format: scene.format) as Int
            return count > 0
        }) {
            view.text {
                let tags = try scene.value("vm.tags", as: String?.self)
                return SceneFunctions.text(tags)
            }
        }
        if view.holds({
            let notice = try scene.value("vm.notice", as: String?.self)
            return notice != nil
        }) {
            view.text {
                let notice = try scene.value("vm.notice", as: String?.self)
                return SceneFunctions.text(notice)
            }
        }
        view.button(title: { try SceneFunctions.call("t", "product.add", format: scene.format) as String }, action: "add")
        view.button(
            title: {
                let cart = try scene.value("shared.cart", as: [Models.CartLine].self)
                let count = try SceneFunctions.call("count", cart, format: scene.format) as Int
                return try SceneFunctions.call("t", "catalog.cart", count, format: scene.format) as String
            }, action: "cart",
            enabled: {
                let cart = try scene.value("shared.cart", as: [Models.CartLine].self)
                let count = try SceneFunctions.call("count", cart, format: scene.format) as Int
                return count > 0
            })
        view.errors()
    }
}
