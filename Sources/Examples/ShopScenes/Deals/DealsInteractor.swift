// Ejected from scenes/Deals.json by `scenery eject`: edit it as your own code.

import Foundation
import SceneRuntime
import VIP

/// 'load': the manifest's steps, in order.
struct DealsLoadInteractor: Interactor {
    typealias Route = SceneRoute
    let scene: SceneContext

    func handle(_ request: Deals.Load.Request, output: Output<Deals.Load.Response, SceneRoute>) async throws {
        let deals = try await scene.provider("deals", as: [Models.Deal].self).fetch()
        guard output.isActive else { return }
        output.present(Deals.Load.Response(deals: deals))
    }
}
