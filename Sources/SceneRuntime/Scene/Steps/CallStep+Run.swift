import SceneManifest

extension CallStep: RunnableStep {
    func run(in interactor: JSONInteractor, _ context: EvaluationContext, _ run: inout StepRun) async throws -> Bool {
        let callRequest = SceneValue.record(try interactor.record(request, context))
        let depth = run.depth + 1
        guard let (called, callOutput) = try interactor.calls?.target(useCase.value, depth: depth) else { return false }
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
