// Ejected from scenes/Orders.json by `scenery eject`: edit it as your own code.

import Foundation
import SceneRuntime

/// The view of 'Orders' (scenes/Orders.json), ejected: each frame's components, drawn in place of the manifest's
/// view, as it shows them.
enum OrdersView {
    @MainActor
    static func draw(_ scene: SceneContext, into view: inout SceneLines) {
        view.header { try SceneFunctions.call("t", "orders.title", format: scene.format) as String }
        view.list(
            items: { try scene.value("vm.rows", as: [Orders.Load.RowsRow]?.self) },
            empty: { try SceneFunctions.call("t", "orders.empty", format: scene.format) as String })
        view.text {
            let summary = try scene.value("vm.summary", as: String?.self)
            return SceneFunctions.text(summary)
        }
        view.button(title: { try SceneFunctions.call("t", "common.back", format: scene.format) as String }, action: "back")
        view.errors()
    }
}
