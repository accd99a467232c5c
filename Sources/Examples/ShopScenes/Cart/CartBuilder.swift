// Ejected from scenes/Cart.json by `scenery eject`: edit it as your own code.

import SceneRuntime

/// Assembles the scene's use cases over its context: registered for 'Cart', they run in
/// place of its manifest's.
enum CartBuilder {
    @MainActor
    static func useCases(_ scene: SceneContext) -> [SwiftUseCase] {
        [
            SwiftUseCase("load", interactor: CartLoadInteractor(scene: scene), presenter: CartLoadPresenter(scene: scene)),
            SwiftUseCase("remove", interactor: CartRemoveInteractor(scene: scene)),
            SwiftUseCase("checkout", interactor: CartCheckoutInteractor(scene: scene)),
            SwiftUseCase("paid", interactor: CartPaidInteractor(scene: scene))
        ]
    }
}
