import SceneManifest

extension LetStep: ImmediateStep {
    func runAtOnce(in interactor: JSONInteractor, _ context: EvaluationContext, _ run: inout StepRun) throws -> Bool {
        run.locals[local] = try interactor.evaluate(value, context)
        return true
    }
}
