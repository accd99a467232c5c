// Ejected from scenes/Deals.json by `scenery eject`: edit it as your own code.

import Foundation
import SceneRuntime

/// The view of 'Deals' (scenes/Deals.json), ejected: each frame's components, drawn in place of the manifest's
/// view, as it shows them.
enum DealsView {
    @MainActor
    static func draw(_ scene: SceneContext, into view: inout SceneLines) {
        view.header { try SceneFunctions.call("t", "deals.title", format: scene.format) as String }
        view.loading { try SceneFunctions.call("t", "common.loading", format: scene.format) as String }
        view.list(
            items: { try scene.value("vm.rows", as: [Deals.Load.RowsRow]?.self) },
            empty: { try SceneFunctions.call("t", "deals.empty", format: scene.format) as String })
        view.button(title: { try SceneFunctions.call("t", "deals.refresh", format: scene.format) as String }, action: "load")
        view.button(title: { try SceneFunctions.call("t", "common.back", format: scene.format) as String }, action: "back")
        view.errors()
    }
}
