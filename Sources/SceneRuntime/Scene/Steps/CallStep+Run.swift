import SceneManifest

extension CallStep: RunnableStep {
    func run(in interactor: JSONInteractor, _ context: EvaluationContext, _ run: inout StepRun) async throws -> Bool {
        let callRequest = SceneValue.record(try interactor.record(request, context))
        let depth = run.depth + 1
        guard let calls = interactor.calls else {
            // Gone with its scene; a scene still shown whose use case holds none is Scenery's bug.
            guard run.output.isActive else { return false }
            throw RunFailure("use case '\(interactor.name)' cannot reach '\(useCase.value)' to call it")
        }
        let (called, callOutput) = try calls.target(useCase.value, depth: depth)
        var stopped = false
        guard
            let response = try await interactor.attempt(
                from: useCase.value, &run,
                {
                    guard let response = try await called.run(callRequest, output: callOutput, depth: depth) else {
                        stopped = true
                        return .null
                    }
                    return response
                })
        else { return false }
        if let local { run.locals[local] = stopped ? .null : response }
        return true
    }
}
