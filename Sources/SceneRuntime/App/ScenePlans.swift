import SceneManifest

/// What a scene's use cases need that depends only on the scene's definition, worked out
/// the first time the scene is built and kept for every later push: a scene pushed and
/// popped a thousand times walks its steps once.
@MainActor
final class ScenePlans {
    /// What one use case's interactor and presenter need of its definition.
    struct UseCasePlan {
        /// The collections the use case writes, and the use cases it calls however deep, in
        /// the order the steps name them.
        var writtenCollections: [String] = []
        /// The row memos of its presenter's `each` fields, shared by every scene made from
        /// the definition.
        var rowMemos: [String: PresenterRowMemo] = [:]
        /// The use case's steps as they run at once, cast once here: set when every step it
        /// can take, its handlers' too, runs without suspending and it writes no collection
        /// (``ImmediateStep``). Such a use case runs before `send` returns, with no task.
        var immediateSteps: [any ImmediateStep]?
        /// Whether a `call` step of it (a handler's too) runs another use case: only then
        /// does its interactor hold the scene's use cases (weakly, which costs an object more).
        var callsOthers = false
    }

    /// By scene name.
    private var blueprints: [String: SceneBlueprint] = [:]

    /// The blueprint of scene `name` of `app`, made on its first push; nil for no such scene.
    func blueprint(_ name: String, in app: LoadedApp) -> SceneBlueprint? {
        if let known = blueprints[name] { return known }
        guard let definition = app.scenes[name] else { return nil }
        var useCases: [SceneBlueprint.UseCase] = []
        useCases.reserveCapacity(definition.useCases.count)
        for (useCaseName, useCase) in definition.useCases {
            let written = Self.writtenCollections(of: useCaseName, useCase, in: definition)
            let plan = UseCasePlan(
                writtenCollections: written, rowMemos: Self.rowMemos(of: useCase),
                immediateSteps: written.isEmpty ? Self.immediateSteps(of: useCase) : nil,
                callsOthers: useCase.everyStep.contains { $0.calledUseCase != nil })
            useCases.append(SceneBlueprint.UseCase(name: useCaseName, definition: useCase, plan: plan))
        }
        let made = SceneBlueprint(
            definition: definition, useCases: useCases, invariants: app.app.invariants.filter { $0.scene.value == name })
        blueprints[name] = made
        return made
    }

    private static func immediateSteps(of useCase: UseCaseDefinition) -> [any ImmediateStep]? {
        guard case .steps = useCase.interactor else { return nil }
        let runAtOnce = useCase.everyStep.allSatisfy { ($0.body as? any ImmediateStep)?.runsAtOnce ?? false }
        guard runAtOnce else { return nil }
        // A built-in `work` step with its worker found here, not by name on every run.
        return useCase.steps.compactMap { step in
            if let work = step.body as? WorkStep, let worker = BuiltInWorker(rawValue: work.worker.value) {
                return BuiltInWorkStep(step: work, worker: worker)
            }
            return step.body as? any ImmediateStep
        }
    }

    private static func rowMemos(of useCase: UseCaseDefinition) -> [String: PresenterRowMemo] {
        guard case let .fields(fields)? = useCase.presenter else { return [:] }
        return JSONPresenter.rowMemos(for: fields)
    }

    private static func writtenCollections(of name: String, _ definition: UseCaseDefinition, in scene: SceneDefinition) -> [String] {
        var names: [String] = []
        var visited: Set<String> = [name]
        func collect(_ useCase: UseCaseDefinition) {
            for step in useCase.everyStep {
                if let provider = step.writtenCollection, !names.contains(provider.value) { names.append(provider.value) }
                if let called = step.calledUseCase, visited.insert(called.value).inserted, let callee = scene.useCase(called.value) {
                    collect(callee)
                }
            }
        }
        collect(definition)
        return names
    }
}

/// What every scene made from one definition shares, worked out on its first push: the
/// definition, held once (a struct of a dozen fields, each copy of which retained every
/// one), its use cases in the manifest's order with their plans (no lookup by name on a
/// push), the state it starts with, and the invariants app.json holds it to.
@MainActor
final class SceneBlueprint {
    struct UseCase {
        let name: String
        let definition: UseCaseDefinition
        let plan: ScenePlans.UseCasePlan
    }

    let definition: SceneDefinition
    let useCases: [UseCase]
    /// Every `state` field at its default.
    let initialState: Record
    let invariants: [Invariant]
    /// The view's bound inputs (``SceneDefinition/boundInputs``), found once: every word a
    /// person types is looked for among them.
    let boundInputs: [SceneDefinition.BoundInput]

    init(definition: SceneDefinition, useCases: [UseCase], invariants: [Invariant]) {
        self.definition = definition
        self.useCases = useCases
        self.invariants = invariants
        boundInputs = definition.boundInputs
        var state = Record()
        state.reserveCapacity(definition.state.count)
        for (name, field) in definition.state { state[name] = field.defaultValue }
        initialState = state
    }

    /// The use case `name`'s entry.
    func useCase(_ name: String) -> UseCase? { useCases.first { $0.name == name } }
}
