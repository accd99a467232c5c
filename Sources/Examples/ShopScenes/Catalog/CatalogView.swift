// Ejected from scenes/Catalog.json by `scenery eject`: edit it as your own code.

import Foundation
import SceneRuntime

/// The view of 'Catalog' (scenes/Catalog.json), ejected: each frame's components, drawn in place of the manifest's
/// view, as it shows them.
enum CatalogView {
    @MainActor
    static func draw(_ scene: SceneContext, into view: inout SceneLines) {
        view.header { try SceneFunctions.call("t", "catalog.title", format: scene.format) as String }
        view.input(
            label: { try SceneFunctions.call("t", "catalog.search", format: scene.format) as String },
            value: { try scene.value("state.query", as: String.self) }, word: "load")
        view.loading { try SceneFunctions.call("t", "common.loading", format: scene.format) as String }
        view.list(
            items: { try scene.value("vm.rows", as: [Catalog.Load.RowsRow]?.self) },
            empty: { try SceneFunctions.call("t", "catalog.empty", format: scene.format) as String }, action: "open")
        view.text {
            let summary = try scene.value("vm.summary", as: String?.self)
            return SceneFunctions.text(summary)
        }
        view.button(
            title: {
                let order = try scene.value("state.order", as: String.self)
                return try (order == "asc")
                    ? (SceneFunctions.call("t", "catalog.cheapestFirst", format: scene.format) as String)
                    : (SceneFunctions.call("t", "catalog.dearestFirst", format: scene.format) as String)
            }, action: "sort")
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
        view.button(title: { try SceneFunctions.call("t", "catalog.deals", format: scene.format) as String }, action: "deals")
        view.button(title: { try SceneFunctions.call("t", "catalog.orders", format: scene.format) as String }, action: "orders")
        view.button(
            title: {
                let user = try scene.value("shared.user", as: String?.self)
                return try SceneFunctions.call("t", "catalog.logout", user, format: scene.format) as String
            }, action: "logout")
        view.errors()
    }
}
