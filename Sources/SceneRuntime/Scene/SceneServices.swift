import SceneManifest
import VIP

/// What the builder hands every use case of a JSON scene: the app's providers and registry,
/// the tracer, and the scene's state. Interactors and presenters use these and nothing else,
/// so the scene that displays them only displays.
@MainActor
struct SceneServices {
    let providers: [String: any Provider<SceneValue, SceneValue>]
    let registry: SceneRegistry
    let trace: Tracer
    let state: SceneState

    var definition: SceneDefinition { state.definition }

    func provider(_ name: String) throws(StepFailure) -> any Provider<SceneValue, SceneValue> {
        guard let provider = providers[name] else { throw StepFailure("unknown provider '\(name)'") }
        return provider
    }
}

/// A scene's use cases as `call` steps reach them: each one's interactor, with an output
/// that presents through its presenter into the scene's state. Held weakly by the
/// interactors, so a scene left mid-call is released at once.
@MainActor
final class SceneCalls {
    private var interactors: [String: JSONInteractor] = [:]
    private var presenters: [String: JSONPresenter] = [:]
    private unowned let module: Module<SceneRoute>
    private let state: SceneState

    init(module: Module<SceneRoute>, state: SceneState) {
        self.module = module
        self.state = state
    }

    func add(_ name: String, interactor: JSONInteractor, presenter: JSONPresenter) {
        interactors[name] = interactor
        presenters[name] = presenter
    }

    /// The interactor of use case `name` and the output it presents through.
    func target(_ name: String, depth: Int) throws(StepFailure) -> (JSONInteractor, Output<SceneValue, SceneRoute>) {
        guard depth <= RuntimeApp.callDepthLimit else {
            throw StepFailure("'call' went deeper than \(RuntimeApp.callDepthLimit) levels; is a use case calling itself?",
                              code: DiagnosticCode.callTooDeep)
        }
        guard let interactor = interactors[name], let presenter = presenters[name] else {
            throw StepFailure("'\(state.definition.name)' has no use case '\(name)'")
        }
        let output = Output<SceneValue, SceneRoute>(
            isLive: { [weak module] in module?.isActive ?? false },
            present: { [weak module, weak state] response in
                guard let module, let state else { return }
                do { state.merge(try presenter.present(response)) } catch { module.errors.report(error, source: name) }
            },
            route: { [weak module] route in module?.route(route) },
            report: { [weak module] error in module?.errors.report(error, source: name) })
        return (interactor, output)
    }
}
