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
    private let services: SceneServices
    /// The scene's other use cases, for `call`; gone once the scene is.
    private weak var calls: SceneCalls?

    init(name: String, definition: UseCaseDefinition, services: SceneServices, calls: SceneCalls) {
        self.name = name
        self.definition = definition
        self.services = services
        self.calls = calls
    }

    private var scene: SceneDefinition { services.definition }

    func handle(_ request: SceneValue, output: Output<SceneValue, SceneRoute>) async throws {
        _ = try await run(request, output: output, depth: 0)
    }

    /// Runs the use case; returns the response it presented, or nil when it stopped early
    /// (a failed `validate`, or the scene was left).
    func run(_ request: SceneValue, output: Output<SceneValue, SceneRoute>, depth: Int) async throws -> SceneValue? {
        services.state.coverage?.useCase(name, in: scene)
        if case let .swift(name) = definition.interactor {
            do {
                return try await services.registry.runInteractor(name, request: request, output: output)
            } catch {
                throw located(error, part: "interactor")
            }
        }
        // The collections the use case writes: their writes commit together when it runs to
        // its end, and none of them does when it fails or stops.
        let units = try collectionUnits()
        // A use case run by the user or the scene waits its turn; one it calls is inside
        // its caller's turn already.
        let gates = depth == 0 ? units.map(\.gate) : []
        for gate in gates { await gate.acquire() }
        defer { for gate in gates { gate.release() } }
        var locals: [String: SceneValue] = [:]
        let ran: Bool
        do {
            ran = try await within(units[...]) {
                for (index, step) in definition.steps.enumerated() {
                    do {
                        guard try await perform(step, at: index + 1, request, &locals, output: output, depth: depth) else {
                            // Left the scene (a route) before this step: what ran is kept.
                            // Stopped by a `validate`: none of it is.
                            if output.isActive { throw StepsFailed(error: nil) }
                            return false
                        }
                    } catch let failed as StepsFailed {
                        throw failed
                    } catch {
                        throw StepsFailed(error: located(error, step: index + 1, step))
                    }
                }
                return true
            }
        } catch let failed as StepsFailed {
            if let error = failed.error { throw error }
            return nil
        } catch {
            // Beginning or committing the unit.
            throw located(error, part: "interactor")
        }
        guard ran else { return nil }
        guard output.isActive else { return nil }
        let context = context(request, locals)
        let response: SceneValue
        do {
            response = SceneValue.record(try record(definition.response ?? [], context))
        } catch {
            throw located(error, part: "response")
        }
        services.trace(.response(scene: scene.name, useCase: name, response: response))
        output.present(response)
        return response
    }

    /// What stopped the steps, thrown through their units of work so that none of their
    /// writes commits: a step's error, located, or nil for a failed `validate`.
    private struct StepsFailed: Error {
        let error: (any Error)?
    }

    /// Runs `body` inside a unit of work on each database of `units`, nested.
    private func within<T>(_ units: ArraySlice<CollectionProvider>, _ body: () async throws -> T) async throws -> T {
        guard let first = units.first else { return try await body() }
        return try await first.unit { try await within(units.dropFirst(), body) }
    }

    /// One collection per database the use case's steps (and handlers) insert, update or
    /// delete in: what its unit of work spans.
    private func collectionUnits() throws -> [CollectionProvider] {
        var units: [CollectionProvider] = []
        for name in writtenCollections {
            let collection = try services.collection(name)
            if !units.contains(where: { $0.databaseIdentity == collection.databaseIdentity }) { units.append(collection) }
        }
        return units
    }

    /// The collections the use case, and the use cases it calls however deep, write: read
    /// from the manifest once, not on every run.
    private lazy var writtenCollections: [String] = {
        var names: [String] = []
        var visited: Set<String> = [name]
        let scene = self.scene
        func collect(_ useCase: UseCaseDefinition) {
            for step in useCase.everyStep {
                if let provider = step.writtenCollection, !names.contains(provider.value) { names.append(provider.value) }
                if case let .call(called, _, _) = step.kind, visited.insert(called.value).inserted,
                    let callee = scene.useCase(called.value)
                {
                    collect(callee)
                }
            }
        }
        collect(definition)
        return names
    }()

    /// Runs one step. Returns false when the use case stops here (a failed `validate`, or the
    /// scene was left).
    private func perform(
        _ step: Step, at index: Int, _ request: SceneValue, _ locals: inout [String: SceneValue],
        output: Output<SceneValue, SceneRoute>, depth: Int
    ) async throws -> Bool {
        guard output.isActive else { return false }
        let context = context(request, locals)
        if let condition = step.condition, !(try evaluate(condition, context).isTruthy) {
            services.state.coverage?.step(step, in: scene, ran: false)
            if let bound = step.binding { locals[bound] = .null }
            return true
        }
        services.state.coverage?.step(step, in: scene, ran: true)
        switch step.kind {
        case let .fetch(provider, local, args):
            let query = try args.map { try evaluate($0, context) } ?? .record(Record())
            guard
                let value = try await attempt(
                    step, at: index, from: provider.value, request, locals, output: output, depth: depth,
                    {
                        try await self.services.provider(provider.value).fetch(query)
                    })
            else { return false }
            locals[local] = value
        case let .store(provider, value):
            let stored = try evaluate(value, context)
            // The query a fetch without `args` gives, so a typed provider decodes both alike.
            guard
                try await attempt(
                    step, at: index, from: provider.value, request, locals, output: output, depth: depth,
                    {
                        try await self.services.provider(provider.value).writable(named: provider.value).store(
                            stored, for: .record(Record()))
                        return .null
                    }) != nil
            else { return false }
        case let .work(worker, input, args, local):
            let inputValue = try evaluate(input, context)
            let result: SceneValue?
            if let builtIn = BuiltInWorker(rawValue: worker.value) {
                result = try await attempt(
                    step, at: index, from: worker.value, request, locals, output: output, depth: depth,
                    {
                        try BuiltInWorkerRunner.run(builtIn, input: inputValue, args: args, context: context) {
                            (template, context) throws(StepFailure) in try self.evaluate(template, context)
                        }
                    })
            } else {
                var argsRecord = Record()
                for (name, template) in args { argsRecord[name] = try evaluate(template, context) }
                result = try await attempt(
                    step, at: index, from: worker.value, request, locals, output: output, depth: depth,
                    {
                        try await self.services.registry.runWorker(worker.value, input: inputValue, args: .record(argsRecord))
                    })
            }
            guard let result else { return false }
            locals[local] = result
        case let .set(path, value, nil):
            try services.state.write(path.value, try evaluate(value, context))
        case let .set(path, value, condition?):
            // A null list has no items, and stays null: nothing matched, nothing changed.
            guard var items = try listItems(at: path.value) else { break }
            for index in items.indices {
                let itemContext = context.binding("it", to: items[index])
                if try evaluate(condition, itemContext).isTruthy { items[index] = try evaluate(value, itemContext) }
            }
            try services.state.write(path.value, .list(items))
        case let .remove(path, condition):
            guard let items = try listItems(at: path.value) else { break }
            var kept: [SceneValue] = []
            for item in items where !(try evaluate(condition, context.binding("it", to: item)).isTruthy) {
                kept.append(item)
            }
            try services.state.write(path.value, .list(kept))
        case let .validate(rules):
            var failed = false
            for (check, message) in rules {
                let passed = try evaluate(check, context).isTruthy
                services.state.coverage?.rule(check, of: step, in: scene, passed: passed)
                guard !passed else { continue }
                let text = try evaluate(message, context).description
                let position = check.origin.flatMap { origin in scene.source?.position(at: origin) }
                output.report(
                    RuntimeError(
                        code: nil, message: text, scene: scene.name, useCase: name,
                        step: index, stepType: step.typeName, position: position))
                failed = true
            }
            if failed { return false }
        case let .present(fields):
            output.present(.record(try record(fields, context)))
        case let .route(route):
            var args = Record()
            for (argument, template) in route.args { args[argument.value] = try evaluate(template, context) }
            let result = try route.result.map { try evaluate($0, context) }
            if let result, route.mode == .back || route.mode == .dismiss {
                try services.checkResult(result, dismissing: route.mode == .dismiss)
            }
            var evaluated = SceneRoute(to: route.to?.value, mode: route.mode, args: .record(args), result: result)
            evaluated.origin = RuntimeError(
                code: nil, message: "", scene: scene.name, useCase: name, step: index,
                stepType: step.typeName, position: scene.source?.position(at: step.offset))
            output.route(evaluated)
        case let .fail(message):
            throw StepFailure(try evaluate(message, context).description)
        case let .insert(provider, value):
            let record = try evaluate(value, context)
            let collection = try services.collection(provider.value)
            guard
                try await attempt(
                    step, at: index, from: provider.value, request, locals, output: output, depth: depth,
                    {
                        try await collection.insert(record)
                        return .null
                    }) != nil
            else { return false }
        case let .update(provider, key, fields, value):
            let collection = try services.collection(provider.value)
            var changes = Record()
            let recordKey: SceneValue
            if let value {
                let whole = try evaluate(value, context)
                changes = whole.recordValue
                recordKey = changes[collection.schema.key] ?? .null
                // A whole record: a field it leaves out is null, not the one stored before (a
                // field that may not be null is then refused, as an insert's would be).
                for field in collection.schema.fields where changes[field.name] == nil { changes[field.name] = .null }
            } else {
                for (name, template) in fields { changes[name.value] = try evaluate(template, context) }
                recordKey = try key.map { try evaluate($0, context) } ?? .null
            }
            guard
                try await attempt(
                    step, at: index, from: provider.value, request, locals, output: output, depth: depth,
                    {
                        try await collection.update(key: recordKey, fields: changes)
                        return .null
                    }) != nil
            else { return false }
        case let .delete(provider, key):
            let recordKey = try evaluate(key, context)
            let collection = try services.collection(provider.value)
            guard
                try await attempt(
                    step, at: index, from: provider.value, request, locals, output: output, depth: depth,
                    {
                        try await collection.delete(key: recordKey)
                        return .null
                    }) != nil
            else { return false }
        case let .call(useCase, fields, local):
            let callRequest = SceneValue.record(try record(fields, context))
            guard let (interactor, callOutput) = try calls?.target(useCase.value, depth: depth + 1) else { return false }
            var stopped = false
            guard
                let response = try await attempt(
                    step, at: index, from: useCase.value, request, locals, output: output, depth: depth,
                    {
                        guard let response = try await interactor.run(callRequest, output: callOutput, depth: depth + 1) else {
                            stopped = true
                            return .null
                        }
                        return response
                    })
            else { return false }
            if let local { locals[local] = stopped ? .null : response }
        }
        return true
    }

    /// Runs what a `fetch`, `store`, `work` or `call` step asks of its provider, worker or
    /// called use case. A failure goes to the step's `onError` steps (with `error` bound)
    /// and its `fallback` when it has them; without, it is thrown as before. Returns the
    /// value (the fallback, or null, after a failure), or nil when the use case stops in
    /// the handler (a failed `validate`, or the scene was left).
    private func attempt(
        _ step: Step, at index: Int, from source: String, _ request: SceneValue, _ locals: [String: SceneValue],
        output: Output<SceneValue, SceneRoute>, depth: Int,
        _ body: () async throws -> SceneValue
    ) async throws -> SceneValue? {
        do {
            return try await body()
        } catch {
            guard let recovery = step.recovery, !(error is CancellationError) else { throw error }
            var handlerLocals = locals
            handlerLocals["error"] = errorValue(error, from: source)
            services.trace(.recovered(scene: scene.name, useCase: name, step: index, error: handlerLocals["error"] ?? .null))
            for handlerStep in recovery.steps {
                guard try await perform(handlerStep, at: index, request, &handlerLocals, output: output, depth: depth) else { return nil }
            }
            return try recovery.fallback.map { try evaluate($0, context(request, handlerLocals)) } ?? .null
        }
    }

    /// The `error` an `onError` handler sees: `code` (`E513`, or null for a message meant for
    /// the app's user), `message` (as the banner would say it, without code or position),
    /// and `from` (the provider, worker or use case that failed).
    private func errorValue(_ error: any Error, from source: String) -> SceneValue {
        let failure = scene.runtimeError(error, useCase: name)
        var record = Record()
        record["code"] = failure.code.map { .string($0.rawValue) } ?? .null
        record["message"] = .string(failure.message)
        record["from"] = .string(source)
        return .record(record)
    }

    /// The items of the list a `where` works on; nil for null, which holds none.
    private func listItems(at path: String) throws(StepFailure) -> [SceneValue]? {
        switch try services.state.read(path) {
        case let .list(items): return items
        case .null: return nil
        case let other:
            throw StepFailure(
                "'\(path)' is \(other.typeName), not a list, so 'where' has no items to choose", code: DiagnosticCode.valueDoesNotFit)
        }
    }

    /// A step's failure as a ``RuntimeError`` naming this use case, the step and the position
    /// of the failing expression (or of the step). A failure from a called use case already
    /// names its own place and passes through.
    private func located(_ error: any Error, step index: Int? = nil, _ step: Step? = nil, part: String? = nil) -> any Error {
        guard !(error is RuntimeError), !(error is CancellationError) else { return error }
        return scene.runtimeError(error, useCase: name, step: index, stepType: step?.typeName, part: part, offset: step?.offset)
    }

    /// The scene's roots, the request, the locals so far, and `result` in the `onResult` use case.
    private func context(_ request: SceneValue, _ locals: [String: SceneValue]) -> EvaluationContext {
        var context = services.state.evaluationContext(request: request)
        context.locals = locals
        if scene.onResult?.value == name { context.roots["result"] = request }
        return context
    }

    private func record(_ fields: [(name: String, value: ValueTemplate)], _ context: EvaluationContext) throws(StepFailure) -> Record {
        var record = Record()
        for (name, template) in fields { record[name] = try evaluate(template, context) }
        return record
    }

    func evaluate(_ template: ValueTemplate, _ context: EvaluationContext) throws(StepFailure) -> SceneValue {
        try Evaluator.evaluate(template, in: context).mapError(StepFailure.init).get()
    }

    func evaluate(_ template: Template, _ context: EvaluationContext) throws(StepFailure) -> SceneValue {
        try Evaluator.evaluate(template, in: context).mapError(StepFailure.init).get()
    }
}
