import Foundation
import SceneManifest
import VIP

/// A JSON use case's interactor: runs the manifest's steps in order, then presents the
/// response. Failures (a provider, a runtime expression error, `fail`) are thrown and reach
/// the scene's error service; `validate` reports each failing message and stops.
@MainActor
final class JSONInteractor: Interactor {
    typealias Route = SceneRoute

    let name: String
    let definition: UseCaseDefinition
    weak var scene: JSONScene?

    init(name: String, definition: UseCaseDefinition, scene: JSONScene) {
        self.name = name
        self.definition = definition
        self.scene = scene
    }

    func handle(_ request: Value, output: Output<Value, SceneRoute>) async throws {
        _ = try await run(request, output: output, depth: 0)
    }

    /// Runs the use case; returns the response it presented, or nil when it stopped early.
    ///
    /// The scene is held weakly and only for the moment each step needs it, never across an
    /// `await`, so leaving the scene releases it even while a step waits on a provider.
    func run(_ request: Value, output: Output<Value, SceneRoute>, depth: Int) async throws -> Value? {
        if case let .swift(name) = definition.interactor {
            guard let registry = scene?.app.registry else { return nil }
            return try await registry.runInteractor(name, request: request, output: output)
        }
        var locals: [String: Value] = [:]
        for step in definition.steps {
            guard output.isActive, let context = context(request, locals) else { return nil }
            if let condition = step.condition, !(try evaluate(condition, context).isTruthy) {
                if let bound = step.binding { locals[bound] = .null }
                continue
            }
            switch step.kind {
            case let .fetch(provider, local, args):
                let query = try args.map { try evaluate($0, context) } ?? .record(Record())
                guard let source = try scene?.app.provider(provider.value) else { return nil }
                locals[local] = try await source.fetch(query)
            case let .store(provider, value):
                let stored = try evaluate(value, context)
                guard let source = try scene?.app.provider(provider.value) else { return nil }
                guard let writable = source as? any WritableProvider<Value, Value> else {
                    throw StepFailure("provider '\(provider.value)' cannot be written")
                }
                try await writable.store(stored, for: .null)
            case let .work(worker, input, args, local):
                let inputValue = try evaluate(input, context)
                if BuiltInWorkers.all[worker.value] != nil {
                    locals[local] = try BuiltInWorkerRunner.run(worker.value, input: inputValue, args: args, context: context) {
                        (template, context) throws(StepFailure) in try self.evaluate(template, context)
                    }
                } else {
                    var argsRecord = Record()
                    for (name, template) in args { argsRecord[name] = try evaluate(template, context) }
                    guard let registry = scene?.app.registry else { return nil }
                    locals[local] = try await registry.runWorker(worker.value, input: inputValue, args: .record(argsRecord))
                }
            case let .set(path, value):
                try scene?.write(path.value, try evaluate(value, context))
            case let .validate(rules):
                var failed = false
                for (check, message) in rules where !(try evaluate(check, context).isTruthy) {
                    output.report(DisplayedError(try evaluate(message, context).description, source: name))
                    failed = true
                }
                if failed { return nil }
            case let .present(fields):
                output.present(.record(try record(fields, context)))
            case let .route(route):
                var args = Record()
                for (argument, template) in route.args { args[argument.value] = try evaluate(template, context) }
                let result = try route.result.map { try evaluate($0, context) }
                output.route(SceneRoute(to: route.to?.value, mode: route.mode, args: .record(args), result: result))
            case let .fail(message):
                throw StepFailure(try evaluate(message, context).description)
            case let .call(useCase, fields, local):
                let callRequest = Value.record(try record(fields, context))
                guard let (interactor, callOutput) = try scene?.callTarget(useCase.value, depth: depth + 1) else { return nil }
                let response = try await interactor.run(callRequest, output: callOutput, depth: depth + 1)
                if let local { locals[local] = response ?? .null }
            }
        }
        guard output.isActive, let context = context(request, locals) else { return nil }
        let response = Value.record(try record(definition.response ?? [], context))
        scene?.app.onTrace?("response \(scene?.screenName ?? "").\(name) \(ValueJSON.text(response))")
        output.present(response)
        return response
    }

    /// The scene's roots, the request, the locals so far, and `result` in the `onResult` use case.
    private func context(_ request: Value, _ locals: [String: Value]) -> EvaluationContext? {
        guard let scene else { return nil }
        var context = scene.evaluationContext(request: request)
        context.locals = locals
        if scene.definition.onResult?.value == name { context.roots["result"] = request }
        return context
    }

    private func record(_ fields: [(name: String, value: ValueTemplate)], _ context: EvaluationContext) throws(StepFailure) -> Record {
        var record = Record()
        for (name, template) in fields { record[name] = try evaluate(template, context) }
        return record
    }

    func evaluate(_ template: ValueTemplate, _ context: EvaluationContext) throws(StepFailure) -> Value {
        switch Evaluator.evaluate(template, in: context) {
        case let .success(value): return value
        case let .failure(error): throw StepFailure(error.errorDescription ?? error.message)
        }
    }

    func evaluate(_ template: Template, _ context: EvaluationContext) throws(StepFailure) -> Value {
        switch Evaluator.evaluate(template, in: context) {
        case let .success(value): return value
        case let .failure(error): throw StepFailure(error.errorDescription ?? error.message)
        }
    }
}

extension Step {
    /// The local a step binds with `as`, if any.
    var binding: String? {
        switch kind {
        case let .fetch(_, local, _): local
        case let .work(_, _, _, local): local
        case let .call(_, _, local): local
        default: nil
        }
    }
}
