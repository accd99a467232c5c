// Ejected from scenes/Product.json by `scenery eject`: edit it as your own code.

import Foundation
import SceneRuntime
import VIP

/// 'load': the manifest's steps, in order.
struct ProductLoadInteractor: Interactor {
    typealias Route = SceneRoute
    let scene: SceneContext

    func handle(_ request: Product.Load.Request, output: Output<Product.Load.Response, SceneRoute>) async throws {
        let all = try await scene.provider("products", as: [Models.Product].self).fetch()
        guard output.isActive else { return }
        let findWhere: (Models.Product) throws -> Bool = { it in
            let selectedProductId = try scene.value("shared.selectedProductId", as: String?.self)
            return it.id == selectedProductId
        }
        let product = try SceneWorkers.run("find", all, ["where": .each(findWhere)], format: scene.format) as Models.Product?
        do {
            var broken = false
            if !(product != nil) {
                let translation = try SceneFunctions.call("t", "product.gone", format: scene.format) as String
                output.report(DisplayedError(translation))
                broken = true
            }
            if broken { throw UseCaseStopped() }
        }
        try scene.set("state.product", to: product)
        output.present(Product.Load.Response(product: product))
    }
}

/// 'add': the manifest's steps, in order.
struct ProductAddInteractor: Interactor {
    typealias Route = SceneRoute
    let scene: SceneContext

    func handle(_ request: Product.Add.Request, output: Output<Product.Add.Response, SceneRoute>) async throws {
        let product = try scene.value("state.product", as: Models.Product?.self)
        if product == nil {
            let translation = try SceneFunctions.call("t", "product.gone", format: scene.format) as String
            throw DisplayedError(translation)
        }
        let cart = try scene.value("shared.cart", as: [Models.CartLine].self)
        let findWhere: (Models.CartLine) throws -> Bool = { it in
            let product2 = try scene.value("state.product", as: Models.Product?.self)
            return it.productId == product2?.id
        }
        let line = try SceneWorkers.run("find", cart, ["where": .each(findWhere)], format: scene.format) as Models.CartLine?
        if SceneFunctions.holds(line) {
            let matches: (Models.CartLine) throws -> Bool = { it in
                let product3 = try scene.value("state.product", as: Models.Product?.self)
                return it.productId == product3?.id
            }
            let updated: (Models.CartLine) throws -> Models.CartLine = { it in
                let sum = try SceneFunctions.binary("+", it.quantity, 1) as Int
                let merged = try SceneFunctions.binary("+", it, SceneRecord(["quantity": sum])) as Models.CartLine
                return merged
            }
            try scene.update("shared.cart", where: matches, to: updated)
        }
        if !SceneFunctions.holds(line) {
            let cart2 = try scene.value("shared.cart", as: [Models.CartLine].self)
            let product4 = try scene.value("state.product", as: Models.Product?.self)
            let merged2 =
                try SceneFunctions.binary(
                    "+", cart2, [SceneRecord(["productId": product4?.id, "name": product4?.name, "price": product4?.price, "quantity": 1])])
                as [Models.CartLine]
            try scene.set("shared.cart", to: merged2)
        }
        let product5 = try scene.value("state.product", as: Models.Product?.self)
        output.present(Product.Add.Response(name: product5?.name))
    }
}
