import SceneManifest

extension InsertStep: RunnableStep {
    func run(in interactor: JSONInteractor, _ context: EvaluationContext, _ run: inout StepRun) async throws -> Bool {
        let record = try interactor.evaluate(value, context)
        let collection = try interactor.services.collection(into.value)
        return try await interactor.attempt(from: into.value, &run) {
            try await collection.insert(record)
            return .null
        } != nil
    }
}
