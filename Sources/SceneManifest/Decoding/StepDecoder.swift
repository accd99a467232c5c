/// Reads interactor steps, tracking the locals each `as` binds for the steps after it.
struct StepDecoder {
    let scene: SceneDecoder
    let names: SceneNames
    /// The scope of the use case's steps before any local is bound.
    let baseScope: ExpressionScope

    init(scene: SceneDecoder, names: SceneNames, requestFields: Set<String>, roots: Set<String>) {
        self.scene = scene
        self.names = names
        baseScope = scene.scope(roots: roots, names: names, request: requestFields)
    }

    var reader: ManifestReader { scene.reader }

    func decode(_ node: Node, locals: inout Set<String>, presented: inout Set<String>) -> Step? {
        guard node.value.members != nil else {
            reader.error(.wrongType, "a step must be an object, not \(node.value.kindName)", at: node.offset, node.pointer)
            return nil
        }
        guard let typeNode = node.value["type"].map(node.child) else {
            reader.error(
                .missingKey, "missing key 'type' in step", at: node.offset, node.pointer,
                hint: "step types: \(StepType.allCases.map(\.rawValue).joined(separator: ", "))")
            return nil
        }
        guard let type = reader.choice(typeNode, what: "step type", as: StepType.self) else { return nil }
        // A `fallback` on a step that handles failures but binds no local is a key that does
        // not fit its step (E214, from the recovery below), not an unknown one.
        guard
            let object = reader.object(
                node, what: "\(type.rawValue) step", allowed: type.allowedWithMisplaced,
                required: type.declaration.required)
        else { return nil }
        var scope = baseScope
        scope.locals = locals
        let operationsBefore = reader.operationsRead
        let condition = object["if"].flatMap { reader.condition($0, scope: scope, what: "'if'") }
        let before = locals
        guard let kind = decodeKind(type, object, scope: scope, locals: &locals, presented: &presented) else { return nil }
        var step = Step(kind: kind, condition: condition, offset: node.offset)
        step.hasOperation = reader.operationsRead != operationsBefore
        step.recovery = decodeRecovery(object, type: type, locals: before, presented: &presented)
        return step
    }

    /// A step's `onError` steps and `fallback`, which see the locals bound before the step
    /// and `error` (`code`, `message`, `from`); locals the handler binds stay in it.
    private func decodeRecovery(_ object: ObjectNode, type: StepType, locals before: Set<String>, presented: inout Set<String>) -> Step
        .Recovery?
    {
        let handlerNode = object["onError"], fallbackNode = object["fallback"]
        guard handlerNode != nil || fallbackNode != nil else { return nil }
        var locals = before
        locals.insert("error")
        var steps: [Step] = []
        if let handlerNode, let items = reader.array(handlerNode, what: "'onError'") {
            for item in items {
                if let step = decode(item, locals: &locals, presented: &presented) { steps.append(step) }
            }
        }
        if fallbackNode != nil, object["as"] == nil {
            reader.error(
                .misplacedKey, "'fallback' is the value of the step's local, and this step binds none", at: object.keyOffset("fallback"),
                object.node.pointer + "/fallback",
                hint: type.binds
                    ? "add \"as\", or handle the failure with 'onError' alone"
                    : "a \(type.rawValue) step binds no local: handle the failure with 'onError'")
        }
        var scope = baseScope
        scope.locals = before.union(["error"])
        let fallback = fallbackNode.map { reader.valueTemplate($0, scope: scope) }
        return Step.Recovery(steps: steps, fallback: fallback, offset: object.keyOffset(handlerNode != nil ? "onError" : "fallback"))
    }

    private func decodeKind(
        _ type: StepType, _ object: ObjectNode, scope: ExpressionScope,
        locals: inout Set<String>, presented: inout Set<String>
    ) -> Step.Kind? {
        func value(_ key: String, _ scope: ExpressionScope = scope) -> ValueTemplate? {
            object[key].map { reader.valueTemplate($0, scope: scope) }
        }
        func fields(_ key: String) -> [(name: String, value: ValueTemplate)] {
            object[key].map { reader.map($0, what: "'\(key)'").map { ($0.key, reader.valueTemplate($0.node, scope: scope)) } } ?? []
        }
        switch type {
        case .fetch:
            guard let provider = providerReference(object["provider"]), let local = bind(object["as"], &locals) else { return nil }
            return .fetch(provider: provider, as: local, args: value("args"))
        case .store:
            guard let provider = providerReference(object["provider"]), let stored = value("value") else { return nil }
            if let declared = scene.context.providers?[provider.value], !declared.isWritable {
                reader.error(
                    .readOnlyProvider, "provider '\(provider.value)' is \(declared.typeNameWithArticle) provider and cannot be written",
                    at: provider.offset,
                    object["provider"]?.pointer ?? "",
                    hint: declared.collection != nil
                        ? "change a collection with 'insert', 'update' and 'delete' steps"
                        : "store through a 'keyValue' or 'swift' provider")
            }
            return .store(provider: provider, value: stored)
        case .work:
            return decodeWork(object, scope: scope, locals: &locals)
        case .set:
            // With `where`, the value is worked out per matching item, seen as `it`.
            let itemScope = type.seesEachItem(under: "where") ? scope.adding(locals: "it") : scope
            let condition = object["where"].flatMap { reader.condition($0, scope: itemScope, what: "'where'") }
            let valueSeesItem = condition != nil && type.seesEachItem(under: "value")
            guard let pathNode = object["path"], let path = scene.statePath(pathNode, names: names),
                let newValue = value("value", valueSeesItem ? scope.adding(locals: "it") : scope)
            else { return nil }
            return .set(path: path, value: newValue, where: condition)
        case .remove:
            guard let pathNode = object["path"], let path = scene.statePath(pathNode, names: names),
                let condition = object["where"].flatMap({
                    reader.condition($0, scope: type.seesEachItem(under: "where") ? scope.adding(locals: "it") : scope, what: "'where'")
                })
            else { return nil }
            return .remove(path: path, where: condition)
        case .validate:
            guard let rulesNode = object["rules"], let rules = reader.array(rulesNode, what: "'rules'") else { return nil }
            return .validate(rules: rules.compactMap { rule(from: $0, scope: scope) })
        case .present:
            let response = fields("response")
            presented.formUnion(response.map(\.name))
            return .present(response: response)
        case .route:
            return decodeRoute(object, scope: scope)
        case .fail:
            guard let message = object["message"].flatMap({ reader.template($0, scope: scope, what: "'message'") }) else { return nil }
            return .fail(message: message)
        case .insert:
            guard let provider = collectionReference(object["provider"], step: "insert"), let inserted = value("value") else { return nil }
            return .insert(provider: provider, value: inserted)
        case .update:
            return decodeUpdate(object, scope: scope)
        case .delete:
            guard let provider = collectionReference(object["provider"], step: "delete"), let key = value("key") else { return nil }
            return .delete(provider: provider, key: key)
        case .call:
            guard let useCase = object["useCase"].flatMap({ scene.useCaseReference($0, names: names, what: "called use case") }) else {
                return nil
            }
            let local = object["as"].flatMap { bind($0, &locals) }
            return .call(useCase: useCase, request: fields("request"), as: local)
        }
    }

    /// A `validate` rule: a condition and the message shown when it fails.
    private func rule(from node: Node, scope: ExpressionScope) -> (check: Template, message: Template)? {
        guard
            let ruleObject = reader.object(node, what: "a rule", allowed: ManifestKeys.allowed(in: .rule), required: ["check", "message"]),
            let check = ruleObject["check"].flatMap({ reader.condition($0, scope: scope, what: "'check'") }),
            let message = ruleObject["message"].flatMap({ reader.template($0, scope: scope, what: "'message'") })
        else { return nil }
        return (check, message)
    }

    /// An `update`: `set` (with `key`) writes some fields, `value` a whole record by its own key.
    private func decodeUpdate(_ object: ObjectNode, scope: ExpressionScope) -> Step.Kind? {
        guard let provider = collectionReference(object["provider"], step: "update") else { return nil }
        let fields =
            object["set"].map { node in
                reader.map(node, what: "'set'").map {
                    (Located($0.key, offset: $0.keyOffset, valueOffset: $0.node.offset), reader.valueTemplate($0.node, scope: scope))
                }
            } ?? []
        let key = object["key"].map { reader.valueTemplate($0, scope: scope) }
        let whole = object["value"].map { reader.valueTemplate($0, scope: scope) }
        switch (object["set"] != nil, whole != nil) {
        case (true, true), (false, false):
            reader.error(
                .missingKey, "an update step takes 'set' (with 'key') to write some fields, or 'value' to write a whole record",
                at: object.node.offset, object.node.pointer)
        case (true, false) where key == nil:
            reader.error(
                .missingKey, "missing key 'key' in update step: 'set' writes the fields of the record with that key",
                at: object.node.offset, object.node.pointer)
        case (false, true) where key != nil:
            reader.error(
                .misplacedKey, "an update with 'value' writes the record with the value's own key; leave out 'key'",
                at: object.keyOffset("key"), object.node.pointer + "/key")
        case (true, false), (false, true):
            break
        }
        return .update(provider: provider, key: key, set: fields, value: whole)
    }

    private func decodeWork(_ object: ObjectNode, scope: ExpressionScope, locals: inout Set<String>) -> Step.Kind? {
        guard let workerNode = object["worker"], let worker = reader.string(workerNode, what: "'worker'") else { return nil }
        let located = Located(worker, offset: workerNode.offset)
        if !scene.context.workers.contains(worker) {
            reader.error(
                .unknownWorker, "unknown worker '\(worker)'", at: workerNode.offset, workerNode.pointer,
                hint: didYouMean(worker, scene.context.workers) ?? "declare Swift workers under 'workers' in app.json")
        }
        let input = object["input"].map { reader.valueTemplate($0, scope: scope) } ?? .constant(.null)
        var args: [(name: String, value: ValueTemplate)] = []
        if let argsNode = object["args"] {
            let signature = BuiltInWorker(rawValue: worker)?.signature
            let allowed = signature.map { $0.required + $0.optional }
            let members =
                allowed.map {
                    reader.object(argsNode, what: "arguments of '\(worker)'", allowed: $0, required: signature?.required ?? [])?.entries
                        ?? []
                }
                ?? reader.map(argsNode, what: "'args'")
            for member in members {
                if let words = signature?.choices[member.key], case let .string(text) = member.node.value.kind, !text.contains("@{"),
                    !words.contains(text)
                {
                    reader.error(
                        .unknownWord,
                        "'\(member.key)' of '\(worker)' is \(words.map { "'\($0)'" }.joined(separator: " or ")), not '\(text)'",
                        at: member.node.offset, member.node.pointer,
                        hint: "write \(words.map { "'\($0)'" }.joined(separator: " or "))")
                }
                let itemScope = signature?.perItem.contains(member.key) == true ? scope.adding(locals: "it") : scope
                args.append((member.key, reader.valueTemplate(member.node, scope: itemScope)))
            }
        } else if let signature = BuiltInWorker(rawValue: worker)?.signature, let missing = signature.required.first {
            reader.error(
                .missingKey, "missing key 'args' in work step: worker '\(worker)' needs '\(missing)'", at: object.node.offset,
                object.node.pointer)
        }
        guard let local = bind(object["as"], &locals) else { return nil }
        return .work(worker: located, input: input, args: args, as: local)
    }

    private func decodeRoute(_ object: ObjectNode, scope: ExpressionScope) -> Step.Kind? {
        // A bad mode is reported and read as 'push', so the rest of the route is still checked.
        let mode = object["mode"].flatMap { reader.choice($0, what: "route mode", as: RouteMode.self) } ?? .push
        var to: Located<String>?
        if let toNode = object["to"] {
            to = reader.name(toNode, what: "destination scene")
            if !mode.takesDestination {
                reader.error(
                    .misplacedKey, "a '\(mode.rawValue)' route goes to the previous scene and takes no 'to'", at: object.keyOffset("to"),
                    toNode.pointer)
            }
        } else if mode.needsDestination {
            reader.error(.missingKey, "missing key 'to' in \(mode.rawValue) route", at: object.node.offset, object.node.pointer)
        }
        var args: [(name: Located<String>, value: ValueTemplate)] = []
        if let argsNode = object["args"] {
            for member in reader.map(argsNode, what: "'args'") {
                args.append(
                    (
                        Located(member.key, offset: member.keyOffset, valueOffset: member.node.offset),
                        reader.valueTemplate(member.node, scope: scope)
                    ))
            }
        }
        let result = object["result"].map { reader.valueTemplate($0, scope: scope) }
        if result != nil, mode.takesDestination {
            reader.error(
                .misplacedKey, "only 'back' and 'dismiss' routes pass a 'result'", at: object.keyOffset("result"),
                object.node.pointer + "/result")
        }
        return .route(RouteStep(to: to, mode: mode, args: args, result: result))
    }

    /// A provider an `insert`, `update` or `delete` writes: it must be a collection (E311).
    private func collectionReference(_ node: Node?, step: String) -> Located<String>? {
        guard let node, let provider = providerReference(node) else { return nil }
        if let declared = scene.context.providers?[provider.value], declared.collection == nil {
            reader.error(
                .readOnlyProvider,
                "'\(step)' writes a collection, and provider '\(provider.value)' is \(declared.typeNameWithArticle) provider",
                at: provider.offset, node.pointer,
                hint: declared.isWritable ? "write it with a 'store' step" : "declare a provider of type 'collection'")
        }
        return provider
    }

    private func providerReference(_ node: Node?) -> Located<String>? {
        guard let node, let name = reader.string(node, what: "'provider'") else { return nil }
        if let providers = scene.context.providers, providers[name] == nil, !scene.context.brokenProviders.contains(name) {
            reader.error(
                .unknownProvider, "unknown provider '\(name)'", at: node.offset, node.pointer,
                hint: didYouMean(name, Set(providers.keys).union(scene.context.brokenProviders))
                    ?? (providers.isEmpty ? "app.json declares no providers" : nil))
        }
        return Located(name, offset: node.offset)
    }

    /// Binds the name in `as` for later steps; it may not hide a root.
    private func bind(_ node: Node?, _ locals: inout Set<String>) -> String? {
        guard let node, let name = reader.nameText(node, what: "'as'") else { return nil }
        if ExpressionScope.allRoots.contains(name) || name == "it" {
            reader.error(
                .misplacedKey, "'\(name)' is a root of every expression and cannot be bound by 'as'", at: node.offset, node.pointer)
            return nil
        }
        locals.insert(name)
        return name
    }
}
