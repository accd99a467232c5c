// Ejected from scenes/Catalog.json by `scenery eject`: edit it as your own code.

import SceneRuntime

/// Assembles the scene's use cases over its context: registered for 'Catalog', they run in
/// place of its manifest's.
enum CatalogBuilder {
    @MainActor
    static func useCases(_ scene: SceneContext) -> [SwiftUseCase] {
        [
            SwiftUseCase("load", interactor: CatalogLoadInteractor(scene: scene), presenter: CatalogLoadPresenter(scene: scene))
        ]
    }
}
