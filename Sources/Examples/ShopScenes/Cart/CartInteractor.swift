// Ejected from scenes/Cart.json by `scenery eject`: edit it as your own code.

import Foundation
import SceneRuntime
import VIP

/// 'load': the manifest's steps, in order.
struct CartLoadInteractor: Interactor {
    typealias Route = SceneRoute
    let scene: SceneContext

    func handle(_ request: Cart.Load.Request, output: Output<Cart.Load.Response, SceneRoute>) async throws {
        let cart = try scene.value("shared.cart", as: [Models.CartLine].self)
        let sumOf: (Models.CartLine) throws -> Decimal = { it in
            let product = try SceneFunctions.binary("*", it.price, it.quantity) as Decimal
            return product
        }
        let total = try SceneWorkers.run("sum", cart, ["of": .each(sumOf)], format: scene.format) as Decimal
        try scene.set("state.total", to: total)
        let cart2 = try scene.value("shared.cart", as: [Models.CartLine].self)
        output.present(Cart.Load.Response(lines: cart2, total: total))
    }
}

/// 'remove': the manifest's steps, in order.
struct CartRemoveInteractor: Interactor {
    typealias Route = SceneRoute
    let scene: SceneContext

    func handle(_ request: Cart.Remove.Request, output: Output<Never, SceneRoute>) async throws {
        let matches: (Models.CartLine) throws -> Bool = { it in it.productId == request.productId }
        try scene.remove(from: "shared.cart", where: matches)
        try await scene.call("load")
    }
}

/// 'checkout': the manifest's steps, in order.
struct CartCheckoutInteractor: Interactor {
    typealias Route = SceneRoute
    let scene: SceneContext

    func handle(_ request: Cart.Checkout.Request, output: Output<Never, SceneRoute>) async throws {
        let total = try scene.value("state.total", as: Decimal.self)
        output.route(SceneRoute(to: "Checkout", mode: .present, arguments: ["total": total]))
    }
}

/// 'paid': the manifest's steps, in order.
struct CartPaidInteractor: Interactor {
    typealias Route = SceneRoute
    let scene: SceneContext

    func handle(_ request: Cart.Paid.Request, output: Output<Never, SceneRoute>) async throws {
        try scene.set("shared.cart", to: [Models.CartLine]())
        try scene.set("state.lastOrder", to: request.orderId)
        try await scene.call("load")
    }
}
