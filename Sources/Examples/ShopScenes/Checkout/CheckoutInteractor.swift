// Ejected from scenes/Checkout.json by `scenery eject`: edit it as your own code.

import Foundation
import SceneRuntime
import VIP

/// 'phone': the manifest's steps, in order.
struct CheckoutPhoneInteractor: Interactor {
    typealias Route = SceneRoute
    let scene: SceneContext

    func handle(_ request: Checkout.Phone.Request, output: Output<Never, SceneRoute>) async throws {
        let trim = try SceneFunctions.call("trim", request.number, format: scene.format) as String
        try scene.set("state.phone", to: trim)
    }
}

/// 'pay': the manifest's steps, in order.
struct CheckoutPayInteractor: Interactor {
    typealias Route = SceneRoute
    let scene: SceneContext

    func handle(_ request: Checkout.Pay.Request, output: Output<Never, SceneRoute>) async throws {
        do {
            var broken = false
            let phone = try scene.value("state.phone", as: String.self)
            let matches = try SceneFunctions.call("matches", phone, "^[+]?[0-9][0-9 ()-]{9,17}$", format: scene.format) as Bool
            if !matches {
                let translation = try SceneFunctions.call("t", "checkout.phoneInvalid", phone, format: scene.format) as String
                output.report(DisplayedError(translation))
                broken = true
            }
            if broken { throw UseCaseStopped() }
        }
        let history = try await scene.provider("orders", as: [Models.Order].self).fetch()
        guard output.isActive else { return }
        let count = try SceneFunctions.call("count", history, format: scene.format) as Int
        let sum = try SceneFunctions.binary("+", count, 1) as Int
        let total = try scene.value("args.total", as: Decimal.self)
        let cart = try scene.value("shared.cart", as: [Models.CartLine].self)
        let count2 = try SceneFunctions.call("count", cart, format: scene.format) as Int
        let phone2 = try scene.value("state.phone", as: String.self)
        let updated =
            try SceneWorkers.run(
                "append", history,
                ["item": .value(SceneRecord(["id": "A-\(SceneFunctions.text(sum))", "total": total, "items": count2, "phone": phone2]))],
                format: scene.format) as [Models.Order]
        try await scene.provider("orders", as: [Models.Order].self).store(updated)
        guard output.isActive else { return }
        let count3 = try SceneFunctions.call("count", updated, format: scene.format) as Int
        try scene.checkResult(SceneRecord(["orderId": "A-\(SceneFunctions.text(count3))"]), dismissing: true)
        output.route(
            SceneRoute(to: nil, mode: .dismiss, arguments: [:], result: SceneRecord(["orderId": "A-\(SceneFunctions.text(count3))"])))
    }
}
