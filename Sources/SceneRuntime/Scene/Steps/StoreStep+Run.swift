import SceneManifest

extension StoreStep: RunnableStep {
    func run(in interactor: JSONInteractor, _ context: EvaluationContext, _ run: inout StepRun) async throws -> Bool {
        let stored = try interactor.evaluate(value, context)
        let name = into.value
        // The query a fetch without `args` gives, so a typed provider decodes both alike.
        return try await interactor.attempt(from: name, &run) {
            try await interactor.services.provider(name).writable(named: name).store(stored, for: .record(Record()))
            return .null
        } != nil
    }
}
