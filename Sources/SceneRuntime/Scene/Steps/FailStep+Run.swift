import SceneManifest

extension FailStep: RunnableStep {
    func run(in interactor: JSONInteractor, _ context: EvaluationContext, _ run: inout StepRun) async throws -> Bool {
        throw RunFailure(try interactor.evaluate(message, context).description)
    }
}
