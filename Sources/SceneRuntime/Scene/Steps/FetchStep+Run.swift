import SceneManifest

extension FetchStep: RunnableStep {
    func run(in interactor: JSONInteractor, _ context: EvaluationContext, _ run: inout StepRun) async throws -> Bool {
        let query = try args.map { try interactor.evaluate($0, context) } ?? .record(Record())
        let name = from.value
        guard let value = try await interactor.attempt(from: name, &run, { try await interactor.services.provider(name).fetch(query) })
        else { return false }
        run.locals[local] = value
        return true
    }
}
