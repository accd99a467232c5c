// Ejected from scenes/OrderList.json by `scenery eject`: edit it as your own code.

import SceneRuntime

/// Assembles the scene's use cases over its context: registered for 'OrderList', they run in
/// place of its manifest's.
enum OrderListAssembler {
    @MainActor
    static func useCases(_ scene: SceneContext) -> [SwiftUseCase] {
        [
            SwiftUseCase("load", interactor: OrderListLoadInteractor(scene: scene), presenter: OrderListLoadPresenter(scene: scene)),
            SwiftUseCase("open", interactor: OrderListOpenInteractor(scene: scene))
        ]
    }
}
