import SceneManifest

extension ValidateStep: ImmediateStep {
    /// Reports every failing rule's message, in order; false when any failed.
    func runAtOnce(in interactor: JSONInteractor, _ context: EvaluationContext, _ run: inout StepRun) throws -> Bool {
        let scene = interactor.scene
        var failed = false
        for (check, message) in rules {
            let passed = try interactor.evaluate(check, context).isTruthy
            if let step = run.step { interactor.services.state.coverage?.rule(check, of: step, in: scene, passed: passed) }
            guard !passed else { continue }
            let text = try interactor.evaluate(message, context).description
            let position = check.origin.flatMap { origin in scene.source?.position(at: origin) }
            run.output.report(
                RuntimeError(
                    code: nil, message: text, scene: scene.name, useCase: interactor.name, step: run.index,
                    stepType: Self.type.rawValue, position: position))
            failed = true
        }
        return !failed
    }
}
