// Ejected from scenes/OrderList.json by `scenery eject`: edit it as your own code.

import Foundation
import SceneRuntime
import VIP

/// 'load': the manifest's steps, in order.
struct OrderListLoadInteractor: Interactor {
    typealias Route = SceneRoute
    let scene: SceneContext

    func handle(_ request: OrderList.Load.Request, output: Output<OrderList.Load.Response, SceneRoute>) async throws {
        try scene.set("state.problem", to: String?.none)
        let newest: [Models.Order]
        do {
            newest = try await scene.provider("orders", as: [Models.Order].self).fetch(arguments: ["sort": "-createdAt"])
        } catch {
            let failure = try scene.recover(error, from: "orders", useCase: "load", step: 2)
            guard output.isActive else { return }
            try scene.set("state.problem", to: "Orders cannot be loaded now (\(failure.message)).")
            newest = [Models.Order]()
        }
        guard output.isActive else { return }
        output.present(OrderList.Load.Response(orders: newest))
    }
}

/// 'open': the manifest's steps, in order.
struct OrderListOpenInteractor: Interactor {
    typealias Route = SceneRoute
    let scene: SceneContext

    func handle(_ request: OrderList.Open.Request, output: Output<Never, SceneRoute>) async throws {
        output.route(SceneRoute(to: "OrderDetails", mode: .push, arguments: ["orderId": request.orderId]))
    }
}
