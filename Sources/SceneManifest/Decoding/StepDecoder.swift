/// Reads interactor steps, tracking the locals each `as` binds for the steps after it.
///
/// A class, as ``SceneDecoder`` is: each step's ``StepReading`` holds it.
final class StepDecoder {
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
        guard node.value.isObject else {
            reader.error(.wrongType, "a step must be an object, not \(node.value.kindName)", at: node.offset, node.pointer)
            return nil
        }
        guard let typeNode = node.value[.type].map(node.child) else {
            reader.error(
                .missingKey, "missing key 'type' in step", at: node.offset, node.pointer,
                hint: "step types: \(StepType.allCases.map(\.rawValue).joined(separator: ", "))")
            return dropped(node, type: nil, locals: &locals)
        }
        guard let type = reader.choice(typeNode, what: "step type", as: StepType.self) else {
            return dropped(node, type: nil, locals: &locals)
        }
        // A `fallback` on a step that handles failures but binds no local is a key that does
        // not fit its step (E214, from the recovery below), not an unknown one.
        guard
            let object = reader.object(node, what: "\(type.rawValue) step", keys: type.keyTable)
        else { return nil }
        var scope = baseScope
        scope.locals = locals
        let operationsBefore = reader.operationsRead
        let condition = object["if"].flatMap { reader.condition($0, scope: scope, what: "'if'") }
        let before = locals
        var reading = StepReading(decoder: self, object: object, scope: scope, locals: locals, presented: presented)
        let body = type.body.decode(&reading)
        locals = reading.locals
        presented = reading.presented
        guard let body else { return dropped(node, type: type, locals: &locals) }
        var step = Step(body, condition: condition, offset: node.offset)
        step.hasOperation = reader.operationsRead != operationsBefore
        step.recovery = decodeRecovery(object, type: type, locals: before, presented: &presented)
        return step
    }

    /// A step that could not be read, reported already: the local its `as` names is bound
    /// all the same, so the steps after it that read the local are not told it is unknown;
    /// and when it might have routed (its type unknown, a route, or steps of its own), the
    /// scene's routes are marked as not all known (one mistake, one finding).
    private func dropped(_ node: Node, type: StepType?, locals: inout Set<String>) -> Step? {
        if type == nil || type == .route || node.value["onError"] != nil { reader.droppedParts = true }
        if let name = node.value["as"]?.string, StepReading.isBindable(name) { locals.insert(name) }
        return nil
    }

    /// A use case's `onError`: the steps its failing steps share unless they have their own,
    /// seeing the request, the scene and `error` (the locals of the step that failed are not
    /// known where the handler is written).
    func useCaseRecovery(_ node: Node, presented: inout Set<String>) -> Step.Recovery {
        var locals: Set<String> = ["error"]
        var steps: [Step] = []
        for item in reader.array(node, what: "'onError'") ?? [] {
            if let step = decode(item, locals: &locals, presented: &presented) { steps.append(step) }
        }
        var recovery = Step.Recovery(steps: steps, fallback: nil, offset: node.offset)
        recovery.isShared = true
        return recovery
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

    /// The provider `node` names (E302 for an unknown one).
    func providerReference(_ node: Node?) -> Located<String>? {
        guard let node, let name = reader.string(node, what: "'provider'") else { return nil }
        if let providers = scene.context.providers, providers[name] == nil, !scene.context.brokenProviders.contains(name) {
            reader.error(
                .unknownProvider, "unknown provider '\(name)'", at: node.offset, node.pointer,
                hint: didYouMean(name, Set(providers.keys).union(scene.context.brokenProviders))
                    ?? (providers.isEmpty ? "app.json declares no providers" : nil))
        }
        return Located(name, offset: node.offset)
    }
}
