import SceneManifest
import VIP

/// What the builder hands every use case of a JSON scene: the app's providers and registry,
/// the tracer, and the scene's state. Interactors and presenters use these and nothing else,
/// so the scene that displays them only displays. A class, one per scene: its use cases
/// share it, and each step reads it, where copying its fields (one of them weak) cost more
/// than the reads.
@MainActor
final class SceneServices {
    let providers: [String: any Provider<SceneValue, SceneValue>]
    let registry: SceneRegistry
    let trace: Tracer
    let state: SceneState
    /// The scene's definition, held once by its blueprint: each scene held a copy of every
    /// field.
    var definition: SceneDefinition { state.blueprint.definition }
    /// The navigator, read (never changed) to check a result before it is passed back; weak,
    /// since the navigator holds the scenes whose use cases hold these services.
    weak var navigator: Navigator?
    /// What Swift scenes last read from each provider, shared by the app's scenes.
    let typedValues: TypedValues

    init(
        providers: [String: any Provider<SceneValue, SceneValue>], registry: SceneRegistry, trace: Tracer, state: SceneState,
        navigator: Navigator?, typedValues: TypedValues = TypedValues()
    ) {
        self.typedValues = typedValues
        self.providers = providers
        self.registry = registry
        self.trace = trace
        self.state = state
        self.navigator = navigator
    }

    /// Refuses a `back` or `dismiss` result that does not fit the request of the receiving
    /// scene's `onResult` (E513) before anything moves, so the user stays where they were.
    func checkResult(_ result: SceneValue, dismissing: Bool) throws(RunFailure) {
        guard let parent = navigator?.resultReceiver(dismissing: dismissing) as? JSONScene,
            let problem = parent.resultProblem(result)
        else { return }
        throw RunFailure(problem, code: DiagnosticCode.valueDoesNotFit)
    }

    /// The collection provider `name` (validate has checked that it is one).
    func collection(_ name: String) throws(RunFailure) -> CollectionProvider {
        guard let collection = try provider(name) as? CollectionProvider else {
            throw RunFailure("provider '\(name)' is not a collection")
        }
        return collection
    }

    func provider(_ name: String) throws(RunFailure) -> any Provider<SceneValue, SceneValue> {
        guard let provider = providers[name] else { throw RunFailure("unknown provider '\(name)'") }
        return provider
    }
}

/// A scene's use cases as `call` steps reach them: each one's interactor, with the output
/// of its own use case (its presenter, the scene's display, router and errors). Held weakly
/// by the interactors, so a scene left mid-call is released at once.
@MainActor
final class SceneCalls {
    private let scene: String
    /// In the manifest's order, found by a scan, as the scene's use cases are.
    private var targets: [(name: String, interactor: JSONInteractor, output: Output<SceneValue, SceneRoute>)] = []

    init(scene: String) { self.scene = scene }

    func add(_ useCase: UseCase<JSONInteractor, JSONPresenter>, interactor: JSONInteractor) {
        targets.append((useCase.name, interactor, useCase.output))
    }

    /// The interactor of use case `name` and the output it presents through.
    func target(_ name: String, depth: Int) throws(RunFailure) -> (JSONInteractor, Output<SceneValue, SceneRoute>) {
        guard depth <= RuntimeApp.callDepthLimit else {
            throw RunFailure(
                "'call' went deeper than \(RuntimeApp.callDepthLimit) levels; is a use case calling itself?",
                code: DiagnosticCode.callTooDeep)
        }
        guard let target = targets.first(where: { $0.name == name }) else { throw RunFailure("'\(scene)' has no use case '\(name)'") }
        return (target.interactor, target.output)
    }
}

/// What Swift scenes last read from each provider as a Swift type, kept with the value it was
/// read from: a provider that hands back the very same storage again (inline data, a
/// fixture) is not read into structs again. Values are copied out, so a scene that changes
/// what it read changes its own copy.
@MainActor
final class TypedValues {
    private var kept: [String: (value: SceneValue, typed: Any)] = [:]

    func value<Value>(of provider: String, from value: SceneValue, _ read: () throws -> Value) throws -> Value {
        if let entry = kept[provider], entry.value.isSameStorage(as: value), let typed = entry.typed as? Value { return typed }
        let typed = try read()
        kept[provider] = (value, typed)
        return typed
    }
}
