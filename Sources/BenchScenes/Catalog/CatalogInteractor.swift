// Ejected from scenes/Catalog.json by `scenery eject`: edit it as your own code.

import Foundation
import SceneRuntime
import VIP

/// 'load': the manifest's steps, in order.
struct CatalogLoadInteractor: Interactor {
    typealias Route = SceneRoute
    let scene: SceneContext

    func handle(_ request: Catalog.Load.Request, output: Output<Catalog.Load.Response, SceneRoute>) async throws {
        let all = try await scene.provider("products", as: [Models.Product].self).fetch()
        guard output.isActive else { return }
        let found =
            try SceneWorkers.run(
                "search", all, ["text": .value(request.query ?? ""), "fields": .value(["name", "tags", "category"])], format: scene.format)
            as [Models.Product]
        let sorted = try SceneWorkers.run("sort", found, ["by": .field("price")], format: scene.format) as [Models.Product]
        output.present(Catalog.Load.Response(products: sorted))
    }
}
