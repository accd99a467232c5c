import SceneManifest

extension WorkStep: ImmediateStep {
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

    /// Only with a built-in worker: a registered one is Swift's, and may suspend.
    var runsAtOnce: Bool { BuiltInWorker(rawValue: worker.value) != nil }

    func runAtOnce(in interactor: JSONInteractor, _ context: EvaluationContext, _ run: inout StepRun) throws -> Bool {
        guard let builtIn = BuiltInWorker(rawValue: worker.value) else { throw RunFailure("worker '\(worker.value)' cannot run at once") }
        return try runAtOnce(builtIn, in: interactor, context, &run)
    }

    @MainActor func runAtOnce(_ builtIn: BuiltInWorker, in interactor: JSONInteractor, _ context: EvaluationContext, _ run: inout StepRun)
        throws
        -> Bool
    {
        let inputValue = try interactor.evaluate(input, context)
        let result = try interactor.attemptAtOnce(from: builtIn.rawValue, &run) {
            try BuiltInWorkerRunner.run(builtIn, input: inputValue, args: args, context: context) {
                (template, context) throws(RunFailure) in try interactor.evaluate(template, context)
            }
        }
        guard let result else { return false }
        run.locals[local] = result
        return true
    }
}

/// A `work` step whose worker is built in, found once per definition (``ScenePlans``).
struct BuiltInWorkStep: ImmediateStep {
    let step: WorkStep
    let worker: BuiltInWorker

    func runAtOnce(in interactor: JSONInteractor, _ context: EvaluationContext, _ run: inout StepRun) throws -> Bool {
        try step.runAtOnce(worker, in: interactor, context, &run)
    }
}
