import SceneRuntime
import VIP

/// The Shop's first scene in Swift (`Scenes/Shop/scenes/Launch.json`): reads the stored
/// session and opens the catalog for a signed-in user, the sign-in scene otherwise.
public enum Launch {
    enum Start: DataFlow {
        struct Request: Decodable, Sendable {}
        typealias Response = Never
        typealias ViewModel = Never
    }
}

struct LaunchStartInteractor: Interactor {
    typealias Route = SceneRoute
    let scene: SceneContext
    let session: SceneProvider<String?>

    func handle(_ request: Launch.Start.Request, output: Output<Never, SceneRoute>) async throws {
        let user = try await session.fetch()
        try scene.set("shared.user", to: user)
        output.route(SceneRoute(to: user == nil ? "Login" : "Catalog", mode: .replace))
    }
}

enum LaunchBuilder {
    @MainActor
    static func useCases(_ scene: SceneContext) -> [SwiftUseCase] {
        [SwiftUseCase("start", interactor: LaunchStartInteractor(scene: scene, session: scene.provider("session")))]
    }
}
