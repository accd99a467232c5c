// Ejected from scenes/Orders.json by `scenery eject`: edit it as your own code.

import Foundation
import SceneRuntime
import VIP

/// 'load': the manifest's steps, in order.
struct OrdersLoadInteractor: Interactor {
    typealias Route = SceneRoute
    let scene: SceneContext

    func handle(_ request: Orders.Load.Request, output: Output<Orders.Load.Response, SceneRoute>) async throws {
        let history = try await scene.provider("orders", as: [Models.Order].self).fetch()
        guard output.isActive else { return }
        output.present(Orders.Load.Response(orders: history))
    }
}
