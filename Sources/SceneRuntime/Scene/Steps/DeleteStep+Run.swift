import SceneManifest

extension DeleteStep: RunnableStep {
    func run(in interactor: JSONInteractor, _ context: EvaluationContext, _ run: inout StepRun) async throws -> Bool {
        let recordKey = try interactor.evaluate(key, context)
        let collection = try interactor.services.collection(from.value)
        return try await interactor.attempt(from: from.value, &run) {
            try await collection.delete(key: recordKey)
            return .null
        } != nil
    }
}
