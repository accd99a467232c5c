// Ejected from scenes/Deals.json by `scenery eject`: edit it as your own code.

import SceneRuntime

/// Assembles the scene's use cases over its context: registered for 'Deals', they run in
/// place of its manifest's.
enum DealsBuilder {
    @MainActor
    static func useCases(_ scene: SceneContext) -> [SwiftUseCase] {
        [
            SwiftUseCase("load", interactor: DealsLoadInteractor(scene: scene), presenter: DealsLoadPresenter(scene: scene))
        ]
    }
}
