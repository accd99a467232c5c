import SceneManifest
import ScenerySupport
import VIP

/// The Builder of JSON scenes: assembles a scene from its definition and hands each of its
/// use cases what it uses — the app's providers, registry and tracer, the scene's state —
/// with a module whose router (``SceneRouter``) takes its routes on the app's navigator. A
/// class: every scene's router holds the builder to build its destinations, and copying a
/// dozen fields (two of them weak) into each was a measurable part of pushing a scene.
@MainActor
final class SceneBuilder {
    let loaded: LoadedApp
    let providers: [String: any Provider<SceneValue, SceneValue>]
    let registry: SceneRegistry
    let trace: Tracer
    let shared: SharedValues
    let env: SceneValue
    let format: FormatContext
    /// Weak: the navigator holds the scenes, whose routers hold this builder to build the
    /// next one; a strong link would keep an app's every scene alive after the app is gone.
    weak var navigator: Navigator?
    let coverage: CoverageRecorder?
    /// The app's policy for routes taken without user input.
    weak var policy: (any RoutePolicy)?
    /// What each scene's definition implies, worked out once for the app's life.
    let plans = ScenePlans()
    /// What Swift scenes last read from each provider, for the app's life.
    let typedValues = TypedValues()

    init(
        loaded: LoadedApp, providers: [String: any Provider<SceneValue, SceneValue>], registry: SceneRegistry, trace: Tracer,
        shared: SharedValues, env: SceneValue, format: FormatContext, navigator: Navigator?, coverage: CoverageRecorder?,
        policy: (any RoutePolicy)?
    ) {
        self.loaded = loaded
        self.providers = providers
        self.registry = registry
        self.trace = trace
        self.shared = shared
        self.env = env
        self.format = format
        self.navigator = navigator
        self.coverage = coverage
        self.policy = policy
    }

    /// Builds scene `name` with its typed `args` checked.
    func build(_ name: String, args: SceneValue) throws -> JSONScene {
        guard let blueprint = plans.blueprint(name, in: loaded) else {
            throw RunFailure("unknown scene '\(name)'" + (Suggestions.didYouMean(name, in: loaded.scenes.keys).map { "; \($0)" } ?? ""))
        }
        let state = SceneState(
            blueprint: blueprint, args: try checkedArgs(args, for: blueprint.definition), shared: shared, env: env,
            format: format, models: loaded.app.models)
        state.coverage = coverage
        let errors = ErrorService()
        guard let navigator else { throw RunFailure("scene '\(name)' cannot be built: its app has been closed") }
        let router = SceneRouter(policy: policy, trace: trace, builder: self, errors: errors)
        let module = Module(name: name, errors: errors, router: router)
        let calls = SceneCalls(scene: name)
        let services = SceneServices(
            providers: providers, registry: registry, trace: trace, state: state, navigator: navigator, typedValues: typedValues)
        var parts: [(name: String, interactor: JSONInteractor, presenter: JSONPresenter)] = []
        parts.reserveCapacity(blueprint.useCases.count)
        let inSwift = try swiftUseCases(of: blueprint.definition, services: services, calls: calls)
        for useCase in blueprint.useCases {
            let typed = inSwift.isEmpty ? nil : inSwift[useCase.name]
            let interactor = JSONInteractor(
                name: useCase.name, definition: useCase.definition, services: services, calls: useCase.plan.callsOthers ? calls : nil,
                plan: useCase.plan,
                swift: typed?.run ?? registeredInteractor(useCase.definition))
            let presenter =
                typed.map { JSONPresenter(swift: $0.present, state: state) }
                ?? makePresenter(useCase.definition, memos: useCase.plan.rowMemos, state: state)
            parts.append((useCase.name, interactor, presenter))
        }
        let scene = JSONScene(state: state, module: module, calls: calls, trace: trace, parts: parts)
        scene.invariants = blueprint.invariants
        if let draw = registry.view(of: name) { scene.swiftView = (SceneContext(services: services, calls: calls), draw) }
        router.scene = scene
        return scene
    }

    /// The use cases of a scene registered in Swift, by name; each must be one its manifest
    /// declares, once.
    private func swiftUseCases(of definition: SceneDefinition, services: SceneServices, calls: SceneCalls) throws -> [String: SwiftUseCase]
    {
        guard let made = registry.swiftUseCases(of: definition.name, SceneContext(services: services, calls: calls)) else { return [:] }
        var byName: [String: SwiftUseCase] = [:]
        for useCase in made {
            guard definition.useCase(useCase.name) != nil else {
                let hint = Suggestions.didYouMean(useCase.name, in: definition.useCases.map(\.name)).map { "; \($0)" } ?? ""
                throw RunFailure(
                    "scene '\(definition.name)' is registered in Swift with a use case '\(useCase.name)', which its manifest does not declare\(hint)"
                )
            }
            guard byName.updateValue(useCase, forKey: useCase.name) == nil else {
                throw RunFailure("scene '\(definition.name)' is registered in Swift with use case '\(useCase.name)' twice")
            }
        }
        return byName
    }

    /// A `{"swift": NAME}` interactor, run through the registry.
    private func registeredInteractor(_ useCase: UseCaseDefinition) -> SceneRegistry.SwiftSteps? {
        guard case let .swift(name) = useCase.interactor else { return nil }
        return { [registry] request, output, _ in try await registry.runInteractor(name, request: request, output: output) }
    }

    private func makePresenter(_ useCase: UseCaseDefinition, memos: [String: PresenterRowMemo], state: SceneState) -> JSONPresenter {
        switch useCase.presenter {
        case let .fields(fields)?: return JSONPresenter(fields: fields, memos: memos, state: state)
        case let .swift(name)?:
            return JSONPresenter(swift: { [registry] response in try registry.runPresenter(name, response: response) }, state: state)
        case nil: return JSONPresenter(state: state)
        }
    }

    /// A scene's `args` checked against the types its definition declares.
    private func checkedArgs(_ args: SceneValue, for scene: SceneDefinition) throws -> SceneValue {
        var record = Record()
        for (name, type) in scene.args {
            let value = args[name]
            if value.isNull && !type.isOptional {
                throw RunFailure("scene '\(scene.name)' needs argument '\(name)' (\(type))")
            }
            // Declared types hold where a value lands: a record's fields too.
            if let problem = type.mismatch(of: value, models: loaded.app.models) {
                throw RunFailure("argument '\(name)' of scene '\(scene.name)' is \(type), and \(problem)")
            }
            record[name] = value
        }
        return .record(record)
    }
}
