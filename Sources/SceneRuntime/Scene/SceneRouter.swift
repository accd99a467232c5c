import SceneManifest
import VIP

/// Decides whether a route a scene produced is taken: the app's guard against scenes that
/// keep routing without user input.
@MainActor
protocol RoutePolicy: AnyObject {
    /// Whether `route`, produced by `scene`, may be taken now; when not, the policy has
    /// already shown why.
    func admits(_ route: SceneRoute, from scene: JSONScene) -> Bool
}

/// The router of every JSON scene: asks the app's ``RoutePolicy``, traces the route, and
/// hands it to VIP's ``NavigationRouter``, which takes it.
@MainActor
final class SceneRouter: Router {
    weak var scene: JSONScene?
    private weak var policy: (any RoutePolicy)?
    private let trace: Tracer
    private let navigation: NavigationRouter<SceneRoute>

    init(policy: (any RoutePolicy)?, trace: Tracer, navigation: NavigationRouter<SceneRoute>) {
        self.policy = policy
        self.trace = trace
        self.navigation = navigation
    }

    func route(_ route: SceneRoute) {
        guard let scene, let policy, policy.admits(route, from: scene) else { return }
        trace(.route(route))
        navigation.route(route)
    }
}

extension SceneRoute {
    /// The route, not taken, as an error at the step that produced it.
    func failure(_ code: DiagnosticCode, _ message: String, scene: String) -> RuntimeError {
        guard let origin else { return RuntimeError(code: code, message: message, scene: scene) }
        return RuntimeError(
            code: code, message: message, scene: origin.scene, useCase: origin.useCase, step: origin.step, stepType: origin.stepType,
            position: origin.position)
    }
}
