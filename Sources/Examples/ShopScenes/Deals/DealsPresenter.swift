// Ejected from scenes/Deals.json by `scenery eject`: edit it as your own code.

import Foundation
import SceneRuntime
import VIP

/// 'load': the manifest's view-model fields.
struct DealsLoadPresenter: Presenter {
    let scene: SceneContext

    func present(_ response: Deals.Load.Response) throws -> Deals.Load.ViewModel {
        let rows = try response.deals.map { deal in
            let percent = try SceneFunctions.call("percent", deal.discount, format: scene.format) as String
            return Deals.Load.RowsRow(title: deal.title, detail: "-\(percent)")
        }
        return Deals.Load.ViewModel(rows: rows)
    }
}
