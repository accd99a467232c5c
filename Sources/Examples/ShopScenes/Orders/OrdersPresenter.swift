// Ejected from scenes/Orders.json by `scenery eject`: edit it as your own code.

import Foundation
import SceneRuntime
import VIP

/// 'load': the manifest's view-model fields.
struct OrdersLoadPresenter: Presenter {
    let scene: SceneContext

    func present(_ response: Orders.Load.Response) throws -> Orders.Load.ViewModel {
        let rows = try response.orders.map { order in
            let translation = try SceneFunctions.call("t", "orders.items", format: scene.format) as String
            let plural = try SceneFunctions.call("plural", order.items, translation, format: scene.format) as String
            let currency = try SceneFunctions.call("currency", order.total, format: scene.format) as String
            return Orders.Load.RowsRow(title: "\(order.id) · \(SceneFunctions.text(order.items)) \(plural)", detail: currency)
        }
        let count = try SceneFunctions.call("count", response.orders, format: scene.format) as Int
        let translation2 = try SceneFunctions.call("t", "orders.orders", format: scene.format) as String
        let plural2 = try SceneFunctions.call("plural", count, translation2, format: scene.format) as String
        let summary = "\(SceneFunctions.text(count)) \(plural2)"
        return Orders.Load.ViewModel(rows: rows, summary: summary)
    }
}
