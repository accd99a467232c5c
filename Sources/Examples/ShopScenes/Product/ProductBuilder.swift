// Ejected from scenes/Product.json by `scenery eject`: edit it as your own code.

import SceneRuntime

/// Assembles the scene's use cases over its context: registered for 'Product', they run in
/// place of its manifest's.
enum ProductBuilder {
    @MainActor
    static func useCases(_ scene: SceneContext) -> [SwiftUseCase] {
        [
            SwiftUseCase("load", interactor: ProductLoadInteractor(scene: scene), presenter: ProductLoadPresenter(scene: scene)),
            SwiftUseCase("add", interactor: ProductAddInteractor(scene: scene), presenter: ProductAddPresenter(scene: scene))
        ]
    }
}
