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
            return Catalog.Load.RowsRow(title: p.name, detail: currency, id: p.id)
        }
        let count = try SceneFunctions.call("count", response.products, format: scene.format) as Int
        let translation = try SceneFunctions.call("t", "catalog.products", format: scene.format) as String
        let plural = try SceneFunctions.call("plural", count, translation, format: scene.format) as String
        let summary = "\(SceneFunctions.text(count)) \(plural)"
        return Catalog.Load.ViewModel(rows: rows, summary: summary)
    }
}
