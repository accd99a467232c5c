// Ejected from scenes/OrderForm.json by `scenery eject`: edit it as your own code.

import SceneRuntime

/// Assembles the scene's use cases over its context: registered for 'OrderForm', they run in
/// place of its manifest's.
enum OrderFormAssembler {
    @MainActor
    static func useCases(_ scene: SceneContext) -> [SwiftUseCase] {
        [
            SwiftUseCase("start", interactor: OrderFormStartInteractor(scene: scene)),
            SwiftUseCase("save", interactor: OrderFormSaveInteractor(scene: scene))
        ]
    }
}
