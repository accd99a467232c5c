/// `work`: runs a worker, built in or Swift, on its input into a local.
public struct WorkStep: StepBody {
    public var worker: Located<String>
    public var input: ValueTemplate
    public var args: [(name: String, value: ValueTemplate)]
    public var local: String

    public static let type = StepType.work
    public static let writes = StepType.Writes.nothing
    public static let declaration = step(
        "runs a worker on `input` into the local `as`",
        KeyDeclaration("worker", required: true, "the worker to run: a built-in one (search, sort, sum, …) or a Swift one"),
        KeyDeclaration("input", required: true, "what the worker works on"),
        KeyDeclaration("args", "the worker's arguments; a per-item one sees each item as it"),
        KeyDeclaration("as", required: true, "the name the worker's result is known by in later steps"),
        StepType.onError, StepType.fallback)

    public static func seesEachItem(under key: String) -> Bool { false }

    public static func decode(_ reading: inout StepReading) -> Self? {
        let reader = reading.reader
        guard let workerNode = reading["worker"], let worker = reader.string(workerNode, what: "'worker'") else { return nil }
        let workers = reading.scene.context.workers
        if !workers.contains(worker) {
            reader.error(
                .unknownWorker, "unknown worker '\(worker)'", at: workerNode.offset, workerNode.pointer,
                hint: didYouMean(worker, workers) ?? "declare Swift workers under 'workers' in app.json")
        }
        let input = reading.value("input") ?? .constant(.null)
        let args = decodeArgs(of: worker, reading)
        guard let local = reading.bind() else { return nil }
        return WorkStep(worker: Located(worker, offset: workerNode.offset), input: input, args: args, local: local)
    }

    /// A built-in worker's arguments are its signature's (E213 for another, E210 for a missing
    /// one, E216 for a word it does not take); a per-item one sees each item as `it`.
    private static func decodeArgs(of worker: String, _ reading: StepReading) -> [(name: String, value: ValueTemplate)] {
        let reader = reading.reader, object = reading.object
        let builtIn = BuiltInWorker(rawValue: worker)
        let signature = builtIn?.signature
        guard let argsNode = object["args"] else {
            if let missing = signature?.required.first {
                reader.error(
                    .missingKey, "missing key 'args' in work step: worker '\(worker)' needs '\(missing)'", at: object.node.offset,
                    object.node.pointer)
            }
            return []
        }
        let members =
            builtIn.map { reader.object(argsNode, what: "arguments of '\(worker)'", keys: $0.argumentKeys)?.entries ?? [] }
            ?? reader.map(argsNode, what: "'args'")
        var args: [(name: String, value: ValueTemplate)] = []
        for member in members {
            if let words = signature?.choices[member.key], case let .string(text) = member.node.value.kind, !text.contains("@{"),
                !words.contains(text)
            {
                reader.error(
                    .unknownWord, "'\(member.key)' of '\(worker)' is \(words.map { "'\($0)'" }.joined(separator: " or ")), not '\(text)'",
                    at: member.node.offset, member.node.pointer, hint: "write \(words.map { "'\($0)'" }.joined(separator: " or "))")
            }
            let itemScope = signature?.perItem.contains(member.key) == true ? reading.scope.adding(locals: "it") : reading.scope
            args.append((member.key, reader.valueTemplate(member.node, scope: itemScope)))
        }
        return args
    }

    public var binding: String? { local }
    public var provider: Located<String>? { nil }

    public func describe(to effects: inout some StepEffects) {
        effects.evaluates(input)
        for (_, value) in args { effects.evaluates(value, item: .of(input)) }
        effects.runs(worker, input: input, args: args, as: local)
    }
}
