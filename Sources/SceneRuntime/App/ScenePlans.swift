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
    }

    /// By scene, then by use case.
    private var plans: [String: [String: UseCasePlan]] = [:]

    func useCases(in scene: SceneDefinition) -> [String: UseCasePlan] {
        if let known = plans[scene.name] { return known }
        var byUseCase: [String: UseCasePlan] = [:]
        for (name, useCase) in scene.useCases {
            let written = Self.writtenCollections(of: name, useCase, in: scene)
            byUseCase[name] = UseCasePlan(
                writtenCollections: written, rowMemos: Self.rowMemos(of: useCase),
                immediateSteps: written.isEmpty ? Self.immediateSteps(of: useCase) : nil)
        }
        plans[scene.name] = byUseCase
        return byUseCase
    }

    private static func immediateSteps(of useCase: UseCaseDefinition) -> [any ImmediateStep]? {
        guard case .steps = useCase.interactor else { return nil }
        let runAtOnce = useCase.everyStep.allSatisfy { ($0.body as? any ImmediateStep)?.runsAtOnce ?? false }
        guard runAtOnce else { return nil }
        return useCase.steps.compactMap { $0.body as? any ImmediateStep }
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
