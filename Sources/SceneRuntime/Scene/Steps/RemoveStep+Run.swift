import SceneManifest

extension RemoveStep: ImmediateStep {
    func runAtOnce(in interactor: JSONInteractor, _ context: EvaluationContext, _ run: inout StepRun) throws -> Bool {
        guard let items = try interactor.listItems(at: path.value) else { return true }
        var kept: [SceneValue] = []
        for item in items where !(try interactor.evaluate(condition, context.binding("it", to: item)).isTruthy) { kept.append(item) }
        try interactor.services.state.write(path.value, .list(kept))
        return true
    }
}
