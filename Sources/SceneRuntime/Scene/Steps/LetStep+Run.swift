import SceneManifest

extension LetStep: RunnableStep {
    func run(in interactor: JSONInteractor, _ context: EvaluationContext, _ run: inout StepRun) async throws -> Bool {
        run.locals[local] = try interactor.evaluate(value, context)
        return true
    }
}
