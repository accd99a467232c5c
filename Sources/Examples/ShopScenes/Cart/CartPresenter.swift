// Ejected from scenes/Cart.json by `scenery eject`: edit it as your own code.

import Foundation
import SceneRuntime
import VIP

/// 'load': the manifest's view-model fields.
struct CartLoadPresenter: Presenter {
    let scene: SceneContext

    func present(_ response: Cart.Load.Response) throws -> Cart.Load.ViewModel {
        let rows = try response.lines.map { line in
            let product = try SceneFunctions.binary("*", line.price, line.quantity) as Decimal
            let currency = try SceneFunctions.call("currency", product, format: scene.format) as String
            return Cart.Load.RowsRow(
                title: "\(line.name) × \(SceneFunctions.text(line.quantity))", detail: currency, productId: line.productId)
        }
        let currency2 = try SceneFunctions.call("currency", response.total, format: scene.format) as String
        let translation = try SceneFunctions.call("t", "cart.total", currency2, format: scene.format) as String
        let total = translation
        return Cart.Load.ViewModel(rows: rows, total: total)
    }
}
