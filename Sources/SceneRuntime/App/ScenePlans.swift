import SceneManifest

/// What a scene's use cases need that depends only on the scene's definition, worked out
/// the first time the scene is built and kept for every later push: a scene pushed and
/// popped a thousand times walks its steps once.
@MainActor
final class ScenePlans {
    /// By scene, then by use case: the collections the use case writes, and the use cases it
    /// calls however deep, in the order the steps name them.
    private var written: [String: [String: [String]]] = [:]

    func writtenCollections(in scene: SceneDefinition) -> [String: [String]] {
        if let known = written[scene.name] { return known }
        var byUseCase: [String: [String]] = [:]
        for (name, useCase) in scene.useCases { byUseCase[name] = Self.writtenCollections(of: name, useCase, in: scene) }
        written[scene.name] = byUseCase
        return byUseCase
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
