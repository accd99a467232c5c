// Ejected from scenes/OrderList.json by `scenery eject`: edit it as your own code.

import Foundation
import SceneRuntime
import VIP

/// 'load': the manifest's view-model fields.
struct OrderListLoadPresenter: Presenter {
    let scene: SceneContext

    func present(_ response: OrderList.Load.Response) throws -> OrderList.Load.ViewModel {
        let rows = try response.orders.map { o in
            let currency = try SceneFunctions.call("currency", o.total, format: scene.format) as String
            return OrderList.Load.RowsRow(
                title: "\(o.firstName) \(o.lastName), \(SceneFunctions.text(o.quantity)) × \(o.shipping)", detail: currency, id: o.id)
        }
        let count = try SceneFunctions.call("count", response.orders, format: scene.format) as Int
        let plural = try SceneFunctions.call("plural", count, "order", "orders", format: scene.format) as String
        let sum = try SceneFunctions.call("sum", response.orders, "total", format: scene.format) as Decimal
        let currency2 = try SceneFunctions.call("currency", sum, format: scene.format) as String
        let summary = "\(SceneFunctions.text(count)) \(plural), \(currency2) in all"
        return OrderList.Load.ViewModel(rows: rows, summary: summary)
    }
}
