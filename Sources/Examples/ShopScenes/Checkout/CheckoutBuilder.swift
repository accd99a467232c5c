// Ejected from scenes/Checkout.json by `scenery eject`: edit it as your own code.

import SceneRuntime

/// Assembles the scene's use cases over its context: registered for 'Checkout', they run in
/// place of its manifest's.
enum CheckoutBuilder {
    @MainActor
    static func useCases(_ scene: SceneContext) -> [SwiftUseCase] {
        [
            SwiftUseCase("phone", interactor: CheckoutPhoneInteractor(scene: scene)),
            SwiftUseCase("pay", interactor: CheckoutPayInteractor(scene: scene))
        ]
    }
}
