import SceneManifest

extension PresentStep: RunnableStep {
    func run(in interactor: JSONInteractor, _ context: EvaluationContext, _ run: inout StepRun) async throws -> Bool {
        run.output.present(.record(try interactor.record(response, context)))
        return true
    }
}
