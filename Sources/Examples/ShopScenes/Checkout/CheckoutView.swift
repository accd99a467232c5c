// Ejected from scenes/Checkout.json by `scenery eject`: edit it as your own code.

import Foundation
import SceneRuntime

/// The view of 'Checkout' (scenes/Checkout.json), ejected: each frame's components, drawn in place of the manifest's
/// view, as it shows them.
enum CheckoutView {
    @MainActor
    static func draw(_ scene: SceneContext, into view: inout SceneLines) {
        view.header { try SceneFunctions.call("t", "checkout.title", format: scene.format) as String }
        view.text {
            let total = try scene.value("args.total", as: Decimal.self)
            let currency = try SceneFunctions.call("currency", total, format: scene.format) as String
            return try SceneFunctions.call("t", "checkout.toPay", currency, format: scene.format) as String
        }
        view.input(
            label: { try SceneFunctions.call("t", "checkout.phone", format: scene.format) as String },
            value: {
                let phone = try scene.value("state.phone", as: String.self)
                return try SceneFunctions.call("phone", phone, format: scene.format) as String
            }, word: "phone")
        view.button(
            title: { try SceneFunctions.call("t", "checkout.pay", format: scene.format) as String }, action: "pay",
            enabled: {
                let phone = try scene.value("state.phone", as: String.self)
                let count = try SceneFunctions.call("count", phone, format: scene.format) as Int
                return count > 0
            })
        view.button(title: { try SceneFunctions.call("t", "checkout.cancel", format: scene.format) as String }, action: "cancel")
        view.errors()
    }
}
