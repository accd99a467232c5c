// Ejected from scenes/OrderDetails.json by `scenery eject`: edit it as your own code.

import Foundation
import SceneRuntime
import VIP

/// 'load': the manifest's view-model fields.
struct OrderDetailsLoadPresenter: Presenter {
    let scene: SceneContext

    func present(_ response: OrderDetails.Load.Response) throws -> OrderDetails.Load.ViewModel {
        let name = "\(SceneFunctions.text(response.order?.firstName)) \(SceneFunctions.text(response.order?.lastName))"
        let phone = try SceneFunctions.call("phone", response.order?.phone, format: scene.format) as String?
        let contact = "\(SceneFunctions.text(response.order?.email)), \(SceneFunctions.text(phone))"
        let address =
            "\(SceneFunctions.text(response.order?.street)), \(SceneFunctions.text(response.order?.city)) \(SceneFunctions.text(response.order?.zip))"
        let capitalize = try SceneFunctions.call("capitalize", response.order?.shipping, format: scene.format) as String?
        let date = try SceneFunctions.call("date", response.order?.deliverBy, "long", format: scene.format) as String?
        let delivery =
            "\(SceneFunctions.text(capitalize)) shipping by \(SceneFunctions.text(date))\((SceneFunctions.holds(response.order?.gift) ? ", gift wrapped" : ""))"
        let currency = try SceneFunctions.call("currency", response.order?.total, format: scene.format) as String?
        let mask = try SceneFunctions.call("mask", response.order?.card, format: scene.format) as String?
        let payment =
            "\(SceneFunctions.text(response.order?.quantity)) × for \(SceneFunctions.text(currency)), card \(SceneFunctions.text(mask))"
        let date2 = try SceneFunctions.call("date", response.order?.createdAt, "medium", format: scene.format) as String?
        let date3 = try SceneFunctions.call("date", response.order?.createdAt, "time", format: scene.format) as String?
        let placed = "Placed \(SceneFunctions.text(date2)) at \(SceneFunctions.text(date3)) · #\(SceneFunctions.text(response.order?.id))"
        let note = response.order?.note
        return OrderDetails.Load.ViewModel(
            name: name, contact: contact, address: address, delivery: delivery, payment: payment, placed: placed, note: note)
    }
}
