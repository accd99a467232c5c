import SceneManifest

extension FailStep: ImmediateStep {
    func runAtOnce(in interactor: JSONInteractor, _ context: EvaluationContext, _ run: inout StepRun) throws -> Bool {
        throw RunFailure(try interactor.evaluate(message, context).description)
    }
}
