/// What a step gives that lands in a declared place, checked against that place's type:
/// a `set` against its path, a `store` against its provider's model, the item an `append`
/// adds, a fetch's `fallback`, a route's arguments and result.
extension TypeFitCheck {
    func check(
        _ step: Step, in scene: SceneDefinition, _ types: StaticTypes, _ useCase: UseCaseDefinition,
        _ locals: [String: TypeRef], _ reader: ManifestReader
    ) {
        CollectionCheck(typeFit: self).check(step, types, useCase, locals, reader)
        var fit = StepFit(check: self, step: step, scene: scene, types: types, useCase: useCase, locals: locals, reader: reader)
        step.body.describe(to: &fit)
    }
}

/// What a step proves is not null for the steps after it: the checks of a `validate`'s
/// rules (when it has no `if`), the negation of a `fail`'s `if`.
struct StepProofs: StepEffects {
    var rules: [ValidateStep.Rule] = []
    /// Whether the step stops the use case whenever it runs (a `fail`).
    var stops = false

    mutating func checks(_ rules: [ValidateStep.Rule]) { self.rules += rules }
    mutating func fails() { stops = true }
}

private struct StepFit: StepEffects {
    let check: TypeFitCheck
    let step: Step
    let scene: SceneDefinition
    let types: StaticTypes
    let useCase: UseCaseDefinition
    let locals: [String: TypeRef]
    let reader: ManifestReader

    var app: AppDefinition { check.app }

    mutating func writesState(_ path: Located<String>, _ value: ValueTemplate, where condition: Template?) {
        guard let declared = check.declaredType(path, types, reader) else { return }
        if condition == nil {
            check.checkSet(path, value, declared, types, useCase, locals, reader)
            check.warnIfMayBeNull(value, landing: declared, in: "'\(path.value)'", at: path, types, useCase, locals, reader)
        } else if let element = check.listElement(path, declared, reader) {
            var itemLocals = locals
            itemLocals["it"] = element
            check.checkSet(path, value, element, types, useCase, itemLocals, reader, what: "an item of '\(path.value)'")
        }
    }

    mutating func removesItems(_ path: Located<String>) {
        if let declared = check.declaredType(path, types, reader) { _ = check.listElement(path, declared, reader) }
    }

    mutating func stores(_ value: ValueTemplate, in provider: Located<String>) {
        // A store into a collection is E311 already: one mistake, one finding.
        guard app.providers[provider.value]?.collection == nil else { return }
        check.checkStore(provider, value, step, types, useCase, locals, reader)
        if let model = app.providers[provider.value]?.model {
            check.warnIfMayBeNull(value, landing: model, in: "provider '\(provider.value)'", at: provider, types, useCase, locals, reader)
        }
    }

    mutating func reads(_ provider: Located<String>, args: ValueTemplate?, as local: String) {
        if let fallback = step.recovery?.fallback { check.checkFallback(fallback, of: provider, args: args, reader) }
    }

    mutating func runs(_ worker: Located<String>, input: ValueTemplate, args: [(name: String, value: ValueTemplate)], as local: String) {
        // The item appended lands in the list: it must fit the list's items, as a set of
        // an item would.
        guard BuiltInWorker(rawValue: worker.value) == .append,
            case let .list(element)? = types.infer(input, useCase: useCase, locals: locals)?.unwrapped,
            let item = args.first(where: { $0.name == "item" })?.value
        else { return }
        let place = Located("the item appended", offset: TypeFitCheck.offset(of: item) ?? worker.offset)
        check.checkSet(place, item, element, types, useCase, locals, reader, what: "the item appended")
        check.warnIfMayBeNull(item, landing: element, in: "the item appended", at: place, types, useCase, locals, reader)
    }

    mutating func routes(_ route: RouteStep) {
        check.checkResult(route, step, from: scene, types, useCase, locals, reader)
        if route.mode == .back || route.mode == .dismiss, case let .record(fields)? = route.result {
            for parent in (check.parents[scene.name] ?? []).compactMap({ check.scenes[$0] }) {
                guard let onResult = parent.onResult?.value, let request = parent.useCase(onResult)?.request else { continue }
                for field in fields {
                    guard let declared = request.first(where: { $0.name == field.name })?.type else { continue }
                    check.warnIfMayBeNull(
                        field.value, landing: declared, in: "result field '\(field.name)' of '\(parent.name).\(onResult)'",
                        at: Located(field.name, offset: step.offset), types, useCase, locals, reader)
                }
            }
        }
        guard let destination = route.to.flatMap({ check.scenes[$0.value] }) else { return }
        for (name, value) in route.args {
            guard let declared = destination.args.first(where: { $0.name == name.value })?.type else { continue }
            check.warnIfMayBeNull(
                value, landing: declared, in: "argument '\(name.value)' of scene '\(destination.name)'", at: name,
                types, useCase, locals, reader)
            if case let .model(model) = declared.unwrapped, let definition = app.models[model],
                let record = RecordLiteral(value, types, useCase, locals, reader)
            {
                check.checkRecord(
                    record, of: model, definition, set: "argument '\(name.value)' of scene '\(destination.name)'",
                    at: TypeFitCheck.offset(of: value) ?? name.offset, reader.pointer(of: name), reader)
            }
        }
    }
}
