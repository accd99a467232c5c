// Ejected from scenes/Launch.json by `scenery eject`: edit it as your own code.

import SceneRuntime

/// Assembles the scene's use cases over its context: registered for 'Launch', they run in
/// place of its manifest's.
enum LaunchBuilder {
    @MainActor
    static func useCases(_ scene: SceneContext) -> [SwiftUseCase] {
        [
            SwiftUseCase("start", interactor: LaunchStartInteractor(scene: scene))
        ]
    }
}
