// Ejected from scenes/Catalog.json by `scenery eject`: edit it as your own code.

import Foundation
import SceneRuntime

/// The view of 'Catalog' (scenes/Catalog.json), ejected: each frame's components, drawn in place of the manifest's
/// view, as it shows them.
enum CatalogView {
    @MainActor
    static func draw(_ scene: SceneContext, into view: inout SceneLines) {
        view.list(items: { try scene.value("vm.rows", as: [Catalog.Load.RowsRow]?.self) }, empty: { "Nothing found" })
    }
}
