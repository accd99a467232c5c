// Ejected from scenes/Catalog.json by `scenery eject`: edit it as your own code.

import Foundation
import SceneRuntime
import VIP

/// 'load': the manifest's view-model fields.
struct CatalogLoadPresenter: Presenter {
    let scene: SceneContext

    func present(_ response: Catalog.Load.Response) throws -> Catalog.Load.ViewModel {
        let rows = try response.products.map { p in
            let currency = try SceneFunctions.call("currency", p.price, format: scene.format) as String
            return Catalog.Load.RowsRow(title: p.name, detail: currency)
        }
        return Catalog.Load.ViewModel(rows: rows)
    }
}
