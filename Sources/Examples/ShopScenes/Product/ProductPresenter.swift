// Ejected from scenes/Product.json by `scenery eject`: edit it as your own code.

import Foundation
import SceneRuntime
import VIP

/// 'load': the manifest's view-model fields.
struct ProductLoadPresenter: Presenter {
    let scene: SceneContext

    func present(_ response: Product.Load.Response) throws -> Product.Load.ViewModel {
        let title = response.product?.name
        let currency = try SceneFunctions.call("currency", response.product?.price, format: scene.format) as String?
        let translation = try SceneFunctions.call("t", "product.price", currency, format: scene.format) as String
        let price = translation
        let join = try SceneFunctions.call("join", response.product?.tags, ", ", format: scene.format) as String
        let tags = join
        return Product.Load.ViewModel(title: title, price: price, tags: tags, notice: nil)
    }
}

/// 'add': the manifest's view-model fields.
struct ProductAddPresenter: Presenter {
    let scene: SceneContext

    func present(_ response: Product.Add.Response) throws -> Product.Add.ViewModel {
        let translation = try SceneFunctions.call("t", "product.added", response.name, format: scene.format) as String
        let notice = translation
        return Product.Add.ViewModel(notice: notice)
    }
}
