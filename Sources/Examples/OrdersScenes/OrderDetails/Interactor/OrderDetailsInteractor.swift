// Ejected from scenes/OrderDetails.json by `scenery eject`: edit it as your own code.

import Foundation
import SceneRuntime
import VIP

/// 'load': the manifest's steps, in order.
struct OrderDetailsLoadInteractor: Interactor {
    typealias Route = SceneRoute
    let scene: SceneContext

    func handle(_ request: OrderDetails.Load.Request, output: Output<OrderDetails.Load.Response, SceneRoute>) async throws {
        let orderId = try scene.value("args.orderId", as: String.self)
        let order: Models.Order?
        do {
            order = try await scene.provider("orders", as: Models.Order?.self).fetch(arguments: ["key": orderId])
        } catch {
            let failure = try scene.recover(error, from: "orders", useCase: "load", step: 1)
            guard output.isActive else { return }
            throw DisplayedError("This order cannot be shown now (\(failure.message)).")
        }
        guard output.isActive else { return }
        if order == nil {
            throw DisplayedError("This order no longer exists.")
        }
        try scene.set("state.order", to: order)
        output.present(OrderDetails.Load.Response(order: order))
    }
}

/// 'delete': the manifest's steps, in order.
struct OrderDetailsDeleteInteractor: Interactor {
    typealias Route = SceneRoute
    let scene: SceneContext

    func handle(_ request: OrderDetails.Delete.Request, output: Output<Never, SceneRoute>) async throws {
        let orderId = try scene.value("args.orderId", as: String.self)
        do {
            try await scene.collection("orders").delete(key: orderId)
        } catch {
            let failure = try scene.recover(error, from: "orders", useCase: "delete", step: 1)
            guard output.isActive else { return }
            throw DisplayedError("The order was not deleted: \(failure.message)")
        }
        guard output.isActive else { return }
        output.route(SceneRoute(to: nil, mode: .back))
    }
}
