// Ejected from scenes/OrderDetails.json by `scenery eject`: edit it as your own code.

import Foundation
import SceneRuntime

/// The view of 'OrderDetails' (scenes/OrderDetails.json), ejected: each frame's components, drawn in place of the manifest's
/// view, as it shows them.
enum OrderDetailsView {
    @MainActor
    static func draw(_ scene: SceneContext, into view: inout SceneLines) {
        drawHeader(scene, into: &view)
        drawEdit(scene, into: &view)
    }

    @MainActor
    private static func drawHeader(_ scene: SceneContext, into view: inout SceneLines) {
        view.header {
            let name = try scene.value("vm.name", as: String?.self)
            return name ?? "Order"
        }
        if view.holds({
            let name = try scene.value("vm.name", as: String?.self)
            return SceneFunctions.holds(name)
        }) {
            view.text {
                let contact = try scene.value("vm.contact", as: String?.self)
                return SceneFunctions.text(contact)
            }
            view.text {
                let address = try scene.value("vm.address", as: String?.self)
                return SceneFunctions.text(address)
            }
            view.text {
                let delivery = try scene.value("vm.delivery", as: String?.self)
                return SceneFunctions.text(delivery)
            }
            view.text {
                let payment = try scene.value("vm.payment", as: String?.self)
                return SceneFunctions.text(payment)
            }
            if view.holds({
                let note = try scene.value("vm.note", as: String?.self)
                return SceneFunctions.holds(note)
            }) {
                view.text {
                    let note = try scene.value("vm.note", as: String?.self)
                    return "Note: \(SceneFunctions.text(note))"
                }
            }
            view.text {
                let placed = try scene.value("vm.placed", as: String?.self)
                return SceneFunctions.text(placed)
            }
        }
    }

    @MainActor
    private static func drawEdit(_ scene: SceneContext, into view: inout SceneLines) {
        view.button(
            title: { "Edit" }, action: "edit",
            enabled: {
                let order = try scene.value("state.order", as: Models.Order?.self)
                return order != nil
            })
        view.button(
            title: { "Delete" }, action: "delete",
            enabled: {
                let order = try scene.value("state.order", as: Models.Order?.self)
                return order != nil
            })
        view.button(title: { "Back" }, action: "back")
        view.errors()
    }
}
