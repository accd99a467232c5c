// Ejected from scenes/OrderDetails.json by `scenery eject`: edit it as your own code.

import SceneRuntime

/// Assembles the scene's use cases over its context: registered for 'OrderDetails', they run in
/// place of its manifest's.
enum OrderDetailsAssembler {
    @MainActor
    static func useCases(_ scene: SceneContext) -> [SwiftUseCase] {
        [
            SwiftUseCase("load", interactor: OrderDetailsLoadInteractor(scene: scene), presenter: OrderDetailsLoadPresenter(scene: scene)),
            SwiftUseCase("delete", interactor: OrderDetailsDeleteInteractor(scene: scene))
        ]
    }
}
