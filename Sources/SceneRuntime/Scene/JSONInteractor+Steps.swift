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

/// A step type that can run without suspending: what it does needs no provider, no
/// registered worker and no other use case. A use case whose every step (handlers too) can
/// runs at once, with no task (``ScenePlans/UseCasePlan/immediateSteps``).
@MainActor
protocol ImmediateStep: RunnableStep {
    /// Whether this step, as written, runs without suspending (a `work` step: only with a
    /// built-in worker).
    var runsAtOnce: Bool { get }
    func runAtOnce(in interactor: JSONInteractor, _ context: EvaluationContext, _ run: inout StepRun) throws -> Bool
}

extension ImmediateStep {
    var runsAtOnce: Bool { true }

    func run(in interactor: JSONInteractor, _ context: EvaluationContext, _ run: inout StepRun) async throws -> Bool {
        try runAtOnce(in: interactor, context, &run)
    }
}

/// Step execution: the step's `if`, then its type's ``RunnableStep/run(in:_:_:)``.
extension JSONInteractor {
    func perform(_ step: Step, at index: Int, _ run: inout StepRun) async throws -> Bool {
        let context: EvaluationContext
        switch try begin(step, at: index, &run) {
        case .stop: return false
        case .skip: return true
        case let .run(with): context = with
        }
        // Every step type runs (`StepTypeLayoutTests`); a body that did not would be a bug in Scenery.
        guard let body = step.body as? any RunnableStep else { throw RunFailure("step type '\(step.typeName)' cannot run") }
        return try await body.run(in: self, context, &run)
    }

    /// ``perform(_:at:_:)`` for a use case that runs at once: `body` is the step's, cast
    /// once per definition (``ScenePlans``), or nil to cast it here (a handler's step).
    func performAtOnce(_ step: Step, _ body: (any ImmediateStep)?, at index: Int, _ run: inout StepRun) throws -> Bool {
        let context: EvaluationContext
        switch try begin(step, at: index, &run) {
        case .stop: return false
        case .skip: return true
        case let .run(with): context = with
        }
        guard let body = body ?? step.body as? any ImmediateStep else { throw RunFailure("step type '\(step.typeName)' cannot run") }
        return try body.runAtOnce(in: self, context, &run)
    }

    /// Whether a step runs, and what its expressions see when it does.
    private enum StepStart {
        /// The scene was left: the use case stops (`isActive` tells its caller so).
        case stop
        /// Its `if` is false: its local is null and the use case goes on.
        case skip
        case run(EvaluationContext)
    }

    private func begin(_ step: Step, at index: Int, _ run: inout StepRun) throws -> StepStart {
        guard run.output.isActive else { return .stop }
        run.step = step
        run.index = index
        // What every expression of the step sees: the locals bound before it.
        let context = context(run)
        if let condition = step.condition, !(try evaluate(condition, context).isTruthy) {
            services.state.coverage?.step(step, in: scene, ran: false)
            if let bound = step.binding { run.locals[bound] = .null }
            return .skip
        }
        services.state.coverage?.step(step, in: scene, ran: true)
        return .run(context)
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
            guard let (recovery, start) = recovering(from: error, source, run) else { throw error }
            var handler = start
            for handlerStep in recovery.steps {
                guard try await perform(handlerStep, at: handler.index, &handler) else { return nil }
            }
            return try recovery.fallback.map { try evaluate($0, context(handler)) } ?? .null
        }
    }

    /// ``attempt(from:_:_:)`` for a use case that runs at once, whose handlers run at once too.
    func attemptAtOnce(from source: String, _ run: inout StepRun, _ body: () throws -> SceneValue) throws -> SceneValue? {
        do {
            return try body()
        } catch {
            guard let (recovery, start) = recovering(from: error, source, run) else { throw error }
            var handler = start
            for handlerStep in recovery.steps {
                guard try performAtOnce(handlerStep, nil, at: handler.index, &handler) else { return nil }
            }
            return try recovery.fallback.map { try evaluate($0, context(handler)) } ?? .null
        }
    }

    /// The step's `onError` and the run its handler steps take, with `error` bound; nil when
    /// the failure is not handled (no handler, or the run was cancelled).
    private func recovering(from error: any Error, _ source: String, _ run: StepRun) -> (Step.Recovery, StepRun)? {
        guard let recovery = run.step?.recovery, !(error is CancellationError) else { return nil }
        var handler = run
        handler.locals["error"] = errorValue(error, from: source)
        services.trace(.recovered(scene: scene.name, useCase: name, step: run.index, error: handler.locals["error"] ?? .null))
        return (recovery, handler)
    }
}
