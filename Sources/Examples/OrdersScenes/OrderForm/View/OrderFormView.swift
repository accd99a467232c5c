// Ejected from scenes/OrderForm.json by `scenery eject`: edit it as your own code.

import Foundation
import SceneRuntime

/// The view of 'OrderForm' (scenes/OrderForm.json), ejected: each frame's components, drawn in place of the manifest's
/// view, as it shows them.
enum OrderFormView {
    @MainActor
    static func draw(_ scene: SceneContext, into view: inout SceneLines) {
        drawHeader(scene, into: &view)
        drawQuantity(scene, into: &view)
    }

    @MainActor
    private static func drawHeader(_ scene: SceneContext, into view: inout SceneLines) {
        view.header {
            let orderId = try scene.value("args.orderId", as: String?.self)
            return SceneFunctions.holds(orderId) ? "Edit order" : "New order"
        }
        view.input(
            label: { "First name" },
            value: {
                let form = try scene.value("state.form", as: Models.DraftOrder.self)
                return form.firstName ?? ""
            }, word: "firstName", bound: true)
        view.input(
            label: { "Last name" },
            value: {
                let form = try scene.value("state.form", as: Models.DraftOrder.self)
                return form.lastName ?? ""
            }, word: "lastName", bound: true)
        view.input(
            label: { "Email" },
            value: {
                let form = try scene.value("state.form", as: Models.DraftOrder.self)
                return form.email ?? ""
            }, word: "email", bound: true)
        view.input(
            label: { "Phone" },
            value: {
                let form = try scene.value("state.form", as: Models.DraftOrder.self)
                return try SceneFunctions.text(
                    (SceneFunctions.holds(form.phone)
                        ? (SceneFunctions.call("phone", (scene.value("state.form", as: Models.DraftOrder.self)).phone, format: scene.format)
                            as String?) : ""))
            }, word: "phone", bound: true)
        view.input(
            label: { "Street" },
            value: {
                let form = try scene.value("state.form", as: Models.DraftOrder.self)
                return form.street ?? ""
            }, word: "street", bound: true)
        view.input(
            label: { "City" },
            value: {
                let form = try scene.value("state.form", as: Models.DraftOrder.self)
                return form.city ?? ""
            }, word: "city", bound: true)
        view.input(
            label: { "ZIP" },
            value: {
                let form = try scene.value("state.form", as: Models.DraftOrder.self)
                return form.zip ?? ""
            }, word: "zip", bound: true)
        view.choice(label: { "Shipping" }, word: "shipping", path: "state.form.shipping", options: { ["standard", "express"] })
        view.input(
            label: { "Deliver by" },
            value: {
                let form = try scene.value("state.form", as: Models.DraftOrder.self)
                return try SceneFunctions.text(
                    (SceneFunctions.holds(form.deliverBy)
                        ? (SceneFunctions.call(
                            "date", (scene.value("state.form", as: Models.DraftOrder.self)).deliverBy, "short", format: scene.format)
                            as String?) : ""))
            }, word: "deliverBy", bound: true)
    }

    @MainActor
    private static func drawQuantity(_ scene: SceneContext, into view: inout SceneLines) {
        view.input(
            label: { "Quantity" },
            value: {
                let form = try scene.value("state.form", as: Models.DraftOrder.self)
                return form.quantity.map { SceneFunctions.text($0) } ?? ""
            }, word: "quantity", bound: true)
        view.input(
            label: { "Total" },
            value: {
                let form = try scene.value("state.form", as: Models.DraftOrder.self)
                return try SceneFunctions.text(
                    ((form.total != nil)
                        ? (SceneFunctions.call(
                            "currency", (scene.value("state.form", as: Models.DraftOrder.self)).total, format: scene.format) as String?)
                        : ""))
            }, word: "total", bound: true)
        view.input(
            label: { "Card" },
            value: {
                let form = try scene.value("state.form", as: Models.DraftOrder.self)
                return try SceneFunctions.text(
                    (SceneFunctions.holds(form.card)
                        ? (SceneFunctions.call("mask", (scene.value("state.form", as: Models.DraftOrder.self)).card, format: scene.format)
                            as String?) : ""))
            }, word: "card", bound: true)
        view.input(
            label: { "Gift wrap" },
            value: {
                let form = try scene.value("state.form", as: Models.DraftOrder.self)
                return try SceneFunctions.call("yesno", form.gift, format: scene.format) as String
            }, word: "gift", bound: true)
        view.input(
            label: { "Note" },
            value: {
                let form = try scene.value("state.form", as: Models.DraftOrder.self)
                return form.note ?? ""
            }, word: "note", bound: true)
        view.button(title: { "Save" }, action: "save")
        view.button(title: { "Cancel" }, action: "back")
        view.errors()
    }
}
