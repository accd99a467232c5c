// Ejected from scenes/Orders.json by `scenery eject`: edit it as your own code.

import SceneRuntime

/// Assembles the scene's use cases over its context: registered for 'Orders', they run in
/// place of its manifest's.
enum OrdersBuilder {
    @MainActor
    static func useCases(_ scene: SceneContext) -> [SwiftUseCase] {
        [
            SwiftUseCase("load", interactor: OrdersLoadInteractor(scene: scene), presenter: OrdersLoadPresenter(scene: scene))
        ]
    }
}
