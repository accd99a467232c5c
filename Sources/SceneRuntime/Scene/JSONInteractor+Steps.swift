import SceneManifest
import VIP

/// One run of a use case's steps: what every step reads, and the locals they bind.
struct StepRun {
    let request: SceneValue
    var locals: [String: SceneValue] = [:]
    let output: Output<SceneValue, SceneRoute>
    /// How deep in `call`s the use case runs: 0 for one run by the user or the scene.
    let depth: Int
    /// The step running, and its number in the use case (a handler's steps share their step's).
    var step: Step?
    var index = 0
}

/// How a step type runs, one conformance per type (`Scene/Steps`), over the interactor
/// and the use case's run. Returns false when the use case stops at the step (a failed
/// `validate`, or the scene was left).
@MainActor
protocol RunnableStep {
    func run(in interactor: JSONInteractor, _ context: EvaluationContext, _ run: inout StepRun) async throws -> Bool
}

/// Step execution: the step's `if`, then its type's ``RunnableStep/run(in:_:_:)``.
extension JSONInteractor {
    func perform(_ step: Step, at index: Int, _ run: inout StepRun) async throws -> Bool {
        guard run.output.isActive else { return false }
        run.step = step
        run.index = index
        // What every expression of the step sees: the locals bound before it.
        let context = context(run)
        if let condition = step.condition, !(try evaluate(condition, context).isTruthy) {
            services.state.coverage?.step(step, in: scene, ran: false)
            if let bound = step.binding { run.locals[bound] = .null }
            return true
        }
        services.state.coverage?.step(step, in: scene, ran: true)
        // Every step type runs (`StepTypeLayoutTests`); a body that did not would be a bug in Scenery.
        guard let body = step.body as? any RunnableStep else { throw RunFailure("step type '\(step.typeName)' cannot run") }
        return try await body.run(in: self, context, &run)
    }

    /// Runs what a `fetch`, `store`, `work`, `call`, `insert`, `update` or `delete` step asks
    /// of its provider, worker or called use case. A failure goes to the step's `onError`
    /// steps (with `error` bound) and its `fallback` when it has them; without, it is thrown
    /// as before. Returns the value (the fallback, or null, after a failure), or nil when the
    /// use case stops in the handler (a failed `validate`, or the scene was left).
    func attempt(from source: String, _ run: inout StepRun, _ body: () async throws -> SceneValue) async throws -> SceneValue? {
        do {
            return try await body()
        } catch {
            guard let recovery = run.step?.recovery, !(error is CancellationError) else { throw error }
            let index = run.index
            var handler = run
            handler.locals["error"] = errorValue(error, from: source)
            services.trace(.recovered(scene: scene.name, useCase: name, step: index, error: handler.locals["error"] ?? .null))
            for handlerStep in recovery.steps {
                guard try await perform(handlerStep, at: index, &handler) else { return nil }
            }
            return try recovery.fallback.map { try evaluate($0, context(handler)) } ?? .null
        }
    }
}
