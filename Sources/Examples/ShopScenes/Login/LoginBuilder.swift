// Ejected from scenes/Login.json by `scenery eject`: edit it as your own code.

import SceneRuntime

/// Assembles the scene's use cases over its context: registered for 'Login', they run in
/// place of its manifest's.
enum LoginBuilder {
    @MainActor
    static func useCases(_ scene: SceneContext) -> [SwiftUseCase] {
        [
            SwiftUseCase("email", interactor: LoginEmailInteractor(scene: scene)),
            SwiftUseCase("login", interactor: LoginLoginInteractor(scene: scene))
        ]
    }
}
