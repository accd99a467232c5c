// Ejected from scenes/OrderList.json by `scenery eject`: edit it as your own code.

import Foundation
import SceneRuntime

/// The view of 'OrderList' (scenes/OrderList.json), ejected: each frame's components, drawn in place of the manifest's
/// view, as it shows them.
enum OrderListView {
    @MainActor
    static func draw(_ scene: SceneContext, into view: inout SceneLines) {
        view.header { "Orders" }
        if view.holds({
            let problem = try scene.value("state.problem", as: String?.self)
            return SceneFunctions.holds(problem)
        }) {
            view.text {
                let problem = try scene.value("state.problem", as: String?.self)
                return SceneFunctions.text(problem)
            }
        }
        view.list(items: { try scene.value("vm.rows", as: [OrderList.Load.RowsRow]?.self) }, empty: { "No orders yet" }, action: "open")
        if view.holds({
            let rows = try scene.value("vm.rows", as: [OrderList.Load.RowsRow]?.self)
            let count = try SceneFunctions.call("count", rows, format: scene.format) as Int
            return count > 0
        }) {
            view.text {
                let summary = try scene.value("vm.summary", as: String?.self)
                return SceneFunctions.text(summary)
            }
        }
        view.button(title: { "New order" }, action: "new")
        view.errors()
    }
}
