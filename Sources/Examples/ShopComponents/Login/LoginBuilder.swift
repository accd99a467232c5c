import SceneRuntime

/// Assembles the sign-in scene's use cases over its context.
enum LoginBuilder {
    @MainActor
    static func useCases(_ scene: SceneContext) -> [SwiftUseCase] {
        [
            SwiftUseCase("email", interactor: LoginEmailInteractor(scene: scene)),
            SwiftUseCase("login", interactor: LoginSignInInteractor(scene: scene, session: scene.provider("session")))
        ]
    }
}
