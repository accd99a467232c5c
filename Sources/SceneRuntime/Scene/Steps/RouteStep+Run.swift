import SceneManifest

extension RouteStep: ImmediateStep {
    func runAtOnce(in interactor: JSONInteractor, _ context: EvaluationContext, _ run: inout StepRun) throws -> Bool {
        var evaluatedArgs = Record()
        for (argument, template) in args { evaluatedArgs[argument.value] = try interactor.evaluate(template, context) }
        let evaluatedResult = try result.map { try interactor.evaluate($0, context) }
        if let evaluatedResult, mode == .back || mode == .dismiss {
            try interactor.services.checkResult(evaluatedResult, dismissing: mode == .dismiss)
        }
        let scene = interactor.scene
        var route = SceneRoute(to: to?.value, mode: mode, args: .record(evaluatedArgs), result: evaluatedResult)
        route.origin = SceneRoute.Origin(
            scene: scene.name, useCase: interactor.name, step: run.index, stepType: Self.type.rawValue,
            position: run.step.flatMap { scene.source?.position(at: $0.offset) })
        run.output.route(route)
        return true
    }
}
