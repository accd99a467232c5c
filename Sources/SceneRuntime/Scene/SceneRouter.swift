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
/// takes it on the app's navigator (`Navigator.take`, as VIP's ``NavigationRouter`` does) —
/// building the destination when the route is taken, and reporting a route that cannot be
/// taken (an unknown scene, `back` with nowhere to go) to the scene's error service while the
/// user stays where they are. Not a wrapped `NavigationRouter`: that was an object and two
/// closures more for every pushed scene.
@MainActor
final class SceneRouter: Router {
    weak var scene: JSONScene?
    private weak var policy: (any RoutePolicy)?
    private let trace: Tracer
    /// Builds each destination; it holds the navigator weakly, as the app owns both.
    private let builder: SceneBuilder
    private let errors: ErrorService

    init(policy: (any RoutePolicy)?, trace: Tracer, builder: SceneBuilder, errors: ErrorService) {
        self.policy = policy
        self.trace = trace
        self.builder = builder
        self.errors = errors
    }

    func route(_ route: SceneRoute) {
        guard let scene, let policy, policy.admits(route, from: scene) else { return }
        trace(.route(route))
        guard let navigator = builder.navigator else { return }
        let builder = builder
        let build = { @MainActor () throws -> any Screen in try builder.build(route.to ?? "", args: route.args) }
        let step: NavigationStep =
            switch route.mode {
            case .push: .push(build)
            case .present: .present(build)
            case .replace: .replace(build)
            case .back: .back(result: route.result)
            case .dismiss: .dismiss(result: route.result)
            case .root: .root(route.to == nil ? nil : build)
            }
        do {
            try navigator.take(step)
        } catch {
            let message = (error as? RunFailure)?.message ?? "\(error)"
            errors.report(route.failure(DiagnosticCode.routeNotTaken, message, scene: scene.screenName), source: "route")
        }
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
