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

/// Step execution: one small method per step kind. Each returns false when the use case
/// stops at its step (a failed `validate`, or the scene was left).
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
        switch step.kind {
        case let .fetch(provider, local, args): return try await fetch(provider, into: local, args: args, context, &run)
        case let .store(provider, value): return try await store(value, in: provider, context, &run)
        case let .work(worker, input, args, local): return try await work(worker, input: input, args: args, into: local, context, &run)
        case let .set(path, value, condition): try set(path, value, where: condition, context)
        case let .remove(path, condition): try remove(from: path, where: condition, context)
        case let .validate(rules): return try validate(rules, of: step, context, run)
        case let .present(fields): run.output.present(.record(try record(fields, context)))
        case let .route(route): try self.route(route, of: step, context, run)
        case let .fail(message): throw RunFailure(try evaluate(message, context).description)
        case let .insert(provider, value): return try await insert(value, into: provider, context, &run)
        case let .update(provider, key, fields, value):
            return try await update(provider, key: key, set: fields, value: value, context, &run)
        case let .delete(provider, key): return try await delete(key, from: provider, context, &run)
        case let .call(useCase, fields, local): return try await call(useCase, request: fields, into: local, context, &run)
        }
        return true
    }

    private func fetch(
        _ provider: Located<String>, into local: String, args: ValueTemplate?, _ context: EvaluationContext, _ run: inout StepRun
    ) async throws -> Bool {
        let query = try args.map { try evaluate($0, context) } ?? .record(Record())
        guard let value = try await attempt(from: provider.value, &run, { try await self.services.provider(provider.value).fetch(query) })
        else { return false }
        run.locals[local] = value
        return true
    }

    private func store(_ value: ValueTemplate, in provider: Located<String>, _ context: EvaluationContext, _ run: inout StepRun)
        async throws -> Bool
    {
        let stored = try evaluate(value, context)
        // The query a fetch without `args` gives, so a typed provider decodes both alike.
        return try await attempt(from: provider.value, &run) {
            try await self.services.provider(provider.value).writable(named: provider.value).store(stored, for: .record(Record()))
            return .null
        } != nil
    }

    private func work(
        _ worker: Located<String>, input: ValueTemplate, args: [(name: String, value: ValueTemplate)], into local: String,
        _ context: EvaluationContext, _ run: inout StepRun
    ) async throws -> Bool {
        let inputValue = try evaluate(input, context)
        let result: SceneValue?
        if let builtIn = BuiltInWorker(rawValue: worker.value) {
            result = try await attempt(from: worker.value, &run) {
                try BuiltInWorkerRunner.run(builtIn, input: inputValue, args: args, context: context) {
                    (template, context) throws(RunFailure) in try self.evaluate(template, context)
                }
            }
        } else {
            var argsRecord = Record()
            for (name, template) in args { argsRecord[name] = try evaluate(template, context) }
            result = try await attempt(from: worker.value, &run) {
                try await self.services.registry.runWorker(worker.value, input: inputValue, args: .record(argsRecord))
            }
        }
        guard let result else { return false }
        run.locals[local] = result
        return true
    }

    private func set(_ path: Located<String>, _ value: ValueTemplate, where condition: Template?, _ context: EvaluationContext) throws {
        guard let condition else { return try services.state.write(path.value, try evaluate(value, context)) }
        // A null list has no items, and stays null: nothing matched, nothing changed.
        guard var items = try listItems(at: path.value) else { return }
        for index in items.indices {
            let itemContext = context.binding("it", to: items[index])
            if try evaluate(condition, itemContext).isTruthy { items[index] = try evaluate(value, itemContext) }
        }
        try services.state.write(path.value, .list(items))
    }

    private func remove(from path: Located<String>, where condition: Template, _ context: EvaluationContext) throws {
        guard let items = try listItems(at: path.value) else { return }
        var kept: [SceneValue] = []
        for item in items where !(try evaluate(condition, context.binding("it", to: item)).isTruthy) { kept.append(item) }
        try services.state.write(path.value, .list(kept))
    }

    /// Reports every failing rule's message, in order; false when any failed.
    private func validate(_ rules: [(check: Template, message: Template)], of step: Step, _ context: EvaluationContext, _ run: StepRun)
        throws -> Bool
    {
        var failed = false
        for (check, message) in rules {
            let passed = try evaluate(check, context).isTruthy
            services.state.coverage?.rule(check, of: step, in: scene, passed: passed)
            guard !passed else { continue }
            let text = try evaluate(message, context).description
            let position = check.origin.flatMap { origin in scene.source?.position(at: origin) }
            run.output.report(
                RuntimeError(
                    code: nil, message: text, scene: scene.name, useCase: name, step: run.index, stepType: step.typeName,
                    position: position))
            failed = true
        }
        return !failed
    }

    private func route(_ route: RouteStep, of step: Step, _ context: EvaluationContext, _ run: StepRun) throws {
        var args = Record()
        for (argument, template) in route.args { args[argument.value] = try evaluate(template, context) }
        let result = try route.result.map { try evaluate($0, context) }
        if let result, route.mode == .back || route.mode == .dismiss {
            try services.checkResult(result, dismissing: route.mode == .dismiss)
        }
        var evaluated = SceneRoute(to: route.to?.value, mode: route.mode, args: .record(args), result: result)
        evaluated.origin = SceneRoute.Origin(
            scene: scene.name, useCase: name, step: run.index, stepType: step.typeName, position: scene.source?.position(at: step.offset))
        run.output.route(evaluated)
    }

    private func insert(_ value: ValueTemplate, into provider: Located<String>, _ context: EvaluationContext, _ run: inout StepRun)
        async throws -> Bool
    {
        let record = try evaluate(value, context)
        let collection = try services.collection(provider.value)
        return try await attempt(from: provider.value, &run) {
            try await collection.insert(record)
            return .null
        } != nil
    }

    private func update(
        _ provider: Located<String>, key: ValueTemplate?, set fields: [(name: Located<String>, value: ValueTemplate)],
        value: ValueTemplate?, _ context: EvaluationContext, _ run: inout StepRun
    ) async throws -> Bool {
        let collection = try services.collection(provider.value)
        var changes = Record()
        let recordKey: SceneValue
        if let value {
            changes = try evaluate(value, context).recordValue
            recordKey = changes[collection.schema.key] ?? .null
            // A whole record: a field it leaves out is null, not the one stored before (a
            // field that may not be null is then refused, as an insert's would be).
            for field in collection.schema.fields where changes[field.name] == nil { changes[field.name] = .null }
        } else {
            for (name, template) in fields { changes[name.value] = try evaluate(template, context) }
            recordKey = try key.map { try evaluate($0, context) } ?? .null
        }
        return try await attempt(from: provider.value, &run) {
            try await collection.update(key: recordKey, fields: changes)
            return .null
        } != nil
    }

    private func delete(_ key: ValueTemplate, from provider: Located<String>, _ context: EvaluationContext, _ run: inout StepRun)
        async throws -> Bool
    {
        let recordKey = try evaluate(key, context)
        let collection = try services.collection(provider.value)
        return try await attempt(from: provider.value, &run) {
            try await collection.delete(key: recordKey)
            return .null
        } != nil
    }

    private func call(
        _ useCase: Located<String>, request fields: [(name: String, value: ValueTemplate)], into local: String?,
        _ context: EvaluationContext, _ run: inout StepRun
    ) async throws -> Bool {
        let callRequest = SceneValue.record(try record(fields, context))
        let depth = run.depth + 1
        guard let (interactor, callOutput) = try calls?.target(useCase.value, depth: depth) else { return false }
        var stopped = false
        guard
            let response = try await attempt(
                from: useCase.value, &run,
                {
                    guard let response = try await interactor.run(callRequest, output: callOutput, depth: depth) else {
                        stopped = true
                        return .null
                    }
                    return response
                })
        else { return false }
        if let local { run.locals[local] = stopped ? .null : response }
        return true
    }

    /// Runs what a `fetch`, `store`, `work`, `call`, `insert`, `update` or `delete` step asks
    /// of its provider, worker or called use case. A failure goes to the step's `onError`
    /// steps (with `error` bound) and its `fallback` when it has them; without, it is thrown
    /// as before. Returns the value (the fallback, or null, after a failure), or nil when the
    /// use case stops in the handler (a failed `validate`, or the scene was left).
    private func attempt(from source: String, _ run: inout StepRun, _ body: () async throws -> SceneValue) async throws -> SceneValue? {
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
