import SceneManifest

/// The steps that ask something of a provider, worker, collection or use case, and may fail
/// into an `onError` handler: what is computed before the attempt, the attempt itself, and
/// the handler's steps and `fallback` in a `catch`, as the runtime runs them.
extension InteractorWriter {
    /// One step's attempt: what is computed before it (outside the handler's reach), what is
    /// computed inside it, the call, and the local it binds.
    struct Attempt {
        var before: [String] = []
        var inside: [String] = []
        var call: String
        var local: (name: String, type: TypeRef)?
        /// What failed, as the handler's `error.from` names it.
        var source: String
    }

    /// The type the handler's `error` has: a ``SceneError``.
    static let errorType = TypeRef.model("\u{0}SceneError")

    func failing(_ step: Step, _ index: Int, _ taken: Prelude.Names, _ scope: inout SwiftScope) throws(EjectRefusal) -> [String] {
        let attempt = try self.attempt(step, taken, scope)
        if let local = attempt.local, scope.locals[local.name] != nil {
            throw EjectRefusal(offset: step.offset, reason: "the local '\(local.name)' is bound twice, which is not ejected yet")
        }
        guard let recovery = step.recovery else {
            guard let local = attempt.local else { return attempt.before + attempt.inside + [attempt.call] }
            let swift = taken.unique(SwiftNames.field(local.name).swift)
            scope.locals[local.name] = (local.type, swift)
            return attempt.before + attempt.inside + ["let \(swift) = \(attempt.call)"]
        }
        // The handler sees the locals bound before the step, and `error`; its own stay in it.
        var handlerScope = scope
        let failure = taken.unique("failure")
        handlerScope.locals["error"] = (Self.errorType, failure)
        var handlerLeft = true
        var handler = try steps(recovery.steps, index: index, taken, &handlerScope, &handlerLeft)
        handler.insert(
            "let \(failure) = try scene.recover(error, from: \"\(SwiftExpression.escaped(attempt.source))\", useCase: \"\(SwiftExpression.escaped(name))\", step: \(index))",
            at: 0)
        var lines = attempt.before
        guard let local = attempt.local else {
            return lines + ["do {"] + (attempt.inside + [attempt.call]).map { "    " + $0 } + ["} catch {"] + handler.map { "    " + $0 }
                + ["}"]
        }
        // Without a fallback the local is null after a failure.
        let prelude = Prelude(names: taken)
        var type = local.type
        var fallback = "nil"
        if let value = recovery.fallback {
            let swift = try SwiftExpression(scope: handlerScope, prelude: prelude).value(value, expected: local.type, at: recovery.offset)
            fallback = (swift.throwing ? "try " : "") + SwiftExpression.bare(swift)
        } else if !type.isOptional {
            type = .optional(type)
        }
        let swift = taken.unique(SwiftNames.field(local.name).swift)
        scope.locals[local.name] = (type, swift)
        lines.append("let \(swift): \(names.swift(type))")
        lines += ["do {"] + attempt.inside.map { "    " + $0 } + ["    \(swift) = \(attempt.call)", "} catch {"]
        // A handler that always fails never reaches its fallback.
        let ending = Self.ends(handler) ? [] : [guardedLeft(handlerLeft)].compactMap { $0 } + prelude.lines + ["\(swift) = \(fallback)"]
        lines += (handler + ending).map { "    " + $0 }
        return lines + ["}"]
    }

    /// The guard a handler needs before its fallback when the scene may have been left.
    private func guardedLeft(_ mayHaveLeft: Bool) -> String? { mayHaveLeft ? "guard output.isActive else { return }" : nil }

    private func attempt(_ step: Step, _ taken: Prelude.Names, _ scope: SwiftScope) throws(EjectRefusal) -> Attempt {
        let prelude = Prelude(names: taken)
        let expression = SwiftExpression(scope: scope, prelude: prelude)
        switch step.body {
        case let fetch as FetchStep:
            guard let type = scope.types.locals(of: useCase)[fetch.local] else {
                throw EjectRefusal(offset: fetch.from.offset, reason: "what provider '\(fetch.from.value)' gives has no declared model")
            }
            var query = "fetch()"
            if let args = fetch.args {
                guard case let .record(fields) = args else {
                    throw EjectRefusal(offset: fetch.from.offset, reason: "'args' that are not written as a record are not ejected yet")
                }
                query = "fetch(arguments: \(try dictionary(fields.map { ($0.name, $0.value) }, expression, at: fetch.from.offset)))"
            }
            let call = "try await scene.provider(\"\(fetch.from.value)\", as: \(names.swift(type)).self).\(query)"
            return Attempt(before: prelude.lines, call: call, local: (fetch.local, type), source: fetch.from.value)
        case let store as StoreStep:
            let model = try providerModel(store.into)
            let value = settled(try expression.value(store.value, expected: model, at: store.into.offset), "stored", prelude)
            let call =
                "try await scene.provider(\"\(store.into.value)\", as: \(names.swift(model)).self).store(\(SwiftExpression.bare(value)))"
            return Attempt(before: prelude.lines, call: call, source: store.into.value)
        case let work as WorkStep: return try self.work(work, taken, scope)
        case let call as CallStep:
            guard call.local == nil else { throw EjectRefusal(offset: step.offset, reason: "'call' with 'as' is not ejected yet") }
            let declared = scene.useCase(call.useCase.value)?.request ?? []
            var fields: [String] = []
            for (field, value) in call.request {
                let type = declared.first { $0.name == field }?.type
                let swift = settled(
                    try expression.value(value, expected: type, at: call.useCase.offset, checkedByRuntime: true),
                    SwiftNames.field(field).swift, prelude)
                fields.append("\"\(SwiftExpression.escaped(field))\": \(swift.isNull ? "String?.none" : SwiftExpression.bare(swift))")
            }
            let request = fields.isEmpty ? "" : ", request: SceneRecord([\(fields.joined(separator: ", "))])"
            return Attempt(
                before: prelude.lines, call: "try await scene.call(\"\(call.useCase.value)\"\(request))", source: call.useCase.value)
        case let insert as InsertStep:
            let value = settled(try expression.value(insert.value, expected: nil, at: insert.into.offset), "record", prelude)
            let call = "try await scene.collection(\"\(insert.into.value)\").insert(\(SwiftExpression.bare(value)))"
            return Attempt(before: prelude.lines, call: call, source: insert.into.value)
        case let update as UpdateStep:
            let collection = "scene.collection(\"\(update.collection.value)\")"
            if let whole = update.value {
                let value = settled(try expression.value(whole, expected: nil, at: update.collection.offset), "record", prelude)
                return Attempt(
                    before: prelude.lines, call: "try await \(collection).update(\(SwiftExpression.bare(value)))",
                    source: update.collection.value)
            }
            guard let keyTemplate = update.key else { throw EjectRefusal(offset: step.offset, reason: "'update' names no record") }
            let key = settled(try expression.value(keyTemplate, expected: nil, at: update.collection.offset), "key", prelude)
            let fields = try dictionary(update.fields.map { ($0.name.value, $0.value) }, expression, at: update.collection.offset)
            return Attempt(
                before: prelude.lines, call: "try await \(collection).update(key: \(SwiftExpression.bare(key)), fields: \(fields))",
                source: update.collection.value)
        case let delete as DeleteStep:
            let key = settled(try expression.value(delete.key, expected: nil, at: delete.from.offset), "key", prelude)
            return Attempt(
                before: prelude.lines,
                call: "try await scene.collection(\"\(delete.from.value)\").delete(key: \(SwiftExpression.bare(key)))",
                source: delete.from.value)
        default:
            throw EjectRefusal(offset: step.offset, reason: "the '\(step.typeName)' step is not ejected yet")
        }
    }

    /// A value computed before the attempt whole: a part the runtime computes only sometimes
    /// is bound here too, so that its failure is the step's, not the handler's.
    private func settled(_ value: SwiftValue, _ name: String, _ prelude: Prelude) -> SwiftValue {
        guard value.throwing else { return value }
        return prelude.bind(SwiftExpression.bare(value), named: name, type: value.type, throwing: true)
    }

    /// Fields written as a Swift dictionary literal of values, in the order written.
    private func dictionary(_ fields: [(String, ValueTemplate)], _ expression: SwiftExpression, at offset: Int) throws(EjectRefusal)
        -> String
    {
        var written: [String] = []
        for (field, value) in fields {
            let swift = settled(try expression.value(value, expected: nil, at: offset), SwiftNames.field(field).swift, expression.prelude)
            written.append("\"\(SwiftExpression.escaped(field))\": \(swift.isNull ? "String?.none" : SwiftExpression.bare(swift))")
        }
        return "[\(written.isEmpty ? ":" : written.joined(separator: ", "))]"
    }

    /// A built-in worker through ``SceneWorkers``: its input computed before the attempt, its
    /// arguments inside it, as the runtime's worker computes them — a value given once, a
    /// field named by its text, a per-item value as a closure over the typed item.
    private func work(_ work: WorkStep, _ taken: Prelude.Names, _ scope: SwiftScope) throws(EjectRefusal) -> Attempt {
        guard let worker = BuiltInWorker(rawValue: work.worker.value) else {
            throw EjectRefusal(offset: work.worker.offset, reason: "the app's Swift worker '\(work.worker.value)' is not ejected yet")
        }
        guard let type = scope.types.locals(of: useCase)[work.local] else {
            throw EjectRefusal(
                offset: work.worker.offset, reason: "what worker '\(work.worker.value)' gives cannot be known before running")
        }
        let before = Prelude(names: taken)
        let input = try SwiftExpression(scope: scope, prelude: before).value(work.input, expected: nil, at: work.worker.offset)
        guard let inputType = input.type, case let .list(element) = inputType.unwrapped else {
            throw EjectRefusal(offset: work.worker.offset, reason: "worker '\(work.worker.value)' works on a value that is not a list")
        }
        let inside = before.nested()
        let expression = SwiftExpression(scope: scope, prelude: inside)
        var arguments: [String] = []
        var closures: [String] = []
        for (argument, value) in work.args {
            if worker.signature.perItem.contains(argument) {
                if case let .template(template) = value, let field = template.constant {
                    arguments.append("\"\(argument)\": .field(\"\(SwiftExpression.escaped(field))\")")
                    continue
                }
                let closure = try perItem(
                    work.worker.value + SwiftNames.upperCamel(argument), value, element, scope, inside, at: work.worker.offset)
                closures += closure.lines
                arguments.append("\"\(argument)\": .each(\(closure.name))")
            } else {
                let expected: TypeRef? = argument == "item" ? element : nil
                let once = try expression.value(value, expected: expected, at: work.worker.offset, checkedByRuntime: true)
                arguments.append("\"\(argument)\": .value(\(SwiftExpression.bare(once)))")
            }
        }
        let list = arguments.isEmpty ? "[:]" : "[\(arguments.joined(separator: ", "))]"
        let inputCode = inputType.isOptional ? "\(input.code) ?? []" : SwiftExpression.bare(input)
        let call = "try SceneWorkers.run(\"\(worker.rawValue)\", \(inputCode), \(list), format: scene.format) as \(names.swift(type))"
        return Attempt(
            before: before.lines, inside: inside.lines + closures, call: call, local: (work.local, type), source: work.worker.value)
    }

    /// The model a provider reads and stores, as the app declares it.
    private func providerModel(_ provider: Located<String>) throws(EjectRefusal) -> TypeRef {
        guard let declared = app.providers[provider.value], declared.collection == nil, let model = declared.model else {
            throw EjectRefusal(offset: provider.offset, reason: "provider '\(provider.value)' has no declared model, or is a collection")
        }
        if case .keyValue(default: .null) = declared.kind { return model.isOptional ? model : .optional(model) }
        return model
    }
}
