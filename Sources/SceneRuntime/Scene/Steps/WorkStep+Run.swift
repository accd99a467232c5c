import SceneManifest

extension WorkStep: RunnableStep {
    func run(in interactor: JSONInteractor, _ context: EvaluationContext, _ run: inout StepRun) async throws -> Bool {
        let inputValue = try interactor.evaluate(input, context)
        let name = worker.value, args = args
        let result: SceneValue?
        if let builtIn = BuiltInWorker(rawValue: name) {
            result = try await interactor.attempt(from: name, &run) {
                try BuiltInWorkerRunner.run(builtIn, input: inputValue, args: args, context: context) {
                    (template, context) throws(RunFailure) in try interactor.evaluate(template, context)
                }
            }
        } else {
            var argsRecord = Record()
            for (argument, template) in args { argsRecord[argument] = try interactor.evaluate(template, context) }
            result = try await interactor.attempt(from: name, &run) {
                try await interactor.services.registry.runWorker(name, input: inputValue, args: .record(argsRecord))
            }
        }
        guard let result else { return false }
        run.locals[local] = result
        return true
    }
}
