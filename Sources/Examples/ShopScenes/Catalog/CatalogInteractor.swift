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
        try scene.set("state.query", to: request.query ?? (scene.value("state.query", as: String.self)))
        let query = try scene.value("state.query", as: String.self)
        let found =
            try SceneWorkers.run(
                "search", all, ["text": .value(query), "fields": .value(["name", "tags", "category"])], format: scene.format)
            as [Models.Product]
        let order = try scene.value("state.order", as: String.self)
        let sorted =
            try SceneWorkers.run("sort", found, ["by": .field("price"), "order": .value(order)], format: scene.format) as [Models.Product]
        output.present(Catalog.Load.Response(products: sorted))
    }
}

/// 'open': the manifest's steps, in order.
struct CatalogOpenInteractor: Interactor {
    typealias Route = SceneRoute
    let scene: SceneContext

    func handle(_ request: Catalog.Open.Request, output: Output<Never, SceneRoute>) async throws {
        try scene.set("shared.selectedProductId", to: request.productId)
        output.route(SceneRoute(to: "Product", mode: .push))
    }
}

/// 'sort': the manifest's steps, in order.
struct CatalogSortInteractor: Interactor {
    typealias Route = SceneRoute
    let scene: SceneContext

    func handle(_ request: Catalog.Sort.Request, output: Output<Never, SceneRoute>) async throws {
        let order = try scene.value("state.order", as: String.self)
        try scene.set("state.order", to: (order == "asc") ? "desc" : "asc")
        try await scene.call("load")
    }
}

/// 'logout': the manifest's steps, in order.
struct CatalogLogoutInteractor: Interactor {
    typealias Route = SceneRoute
    let scene: SceneContext

    func handle(_ request: Catalog.Logout.Request, output: Output<Never, SceneRoute>) async throws {
        try await scene.provider("session", as: String?.self).store(String?.none)
        guard output.isActive else { return }
        try scene.set("shared.user", to: String?.none)
        try scene.set("shared.cart", to: [Models.CartLine]())
        output.route(SceneRoute(to: "Login", mode: .root))
    }
}
