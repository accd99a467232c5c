import SceneManifest

extension PresentStep: ImmediateStep {
    func runAtOnce(in interactor: JSONInteractor, _ context: EvaluationContext, _ run: inout StepRun) throws -> Bool {
        run.output.present(.record(try interactor.record(response, context)))
        return true
    }
}
